import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and applied by the server at start
// (apps/api/src/db/client.ts); this config is only for `drizzle-kit generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
