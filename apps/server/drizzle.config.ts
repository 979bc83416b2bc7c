import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The one list of every table, the platform's and each module's own (src/db/schema/index.ts).
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
