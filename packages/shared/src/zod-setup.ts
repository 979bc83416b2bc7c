import { z } from 'zod';

// Spanish defaults for anything a schema does not word itself (wrong type, unknown key...).
z.config(z.locales.es());

export { z };
