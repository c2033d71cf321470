import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/identity.ts', './src/db/schema/jobs.ts', './src/db/schema/outbox.ts'],
  out: './src/db/migrations',
  casing: 'snake_case',
});
