import { defineConfig } from 'drizzle-kit';

// `pnpm --filter api db:generate` writes a new SQL migration into ./drizzle from src/db/schema.ts.
// The folder is committed; the server applies it on start (PGlite and PostgreSQL alike).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
