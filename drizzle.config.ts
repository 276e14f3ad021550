/**
 * drizzle-kit reads the schema for `npx drizzle-kit studio` and `check`. Migrations are NOT generated:
 * they are hand-written numbered SQL files in server/db/migrations, applied on start by
 * server/db/migrate.ts (docs/data.md).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
});
