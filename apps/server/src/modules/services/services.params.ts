import { z } from 'zod';

export const ServiceIdParamSchema = z.object({ serviceId: z.coerce.number().int().positive() });
