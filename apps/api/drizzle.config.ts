import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table lives in a file here; drizzle-kit picks the tables out of each module's exports.
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
