/**
 * Applies server/db/migrations/NNNN_*.sql in order, each in its own transaction. Every transaction
 * takes the same advisory lock first, so several processes starting together apply each file once.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './database';

const here = dirname(fileURLToPath(import.meta.url));
/** Beside this module from source; the bundled server (dist/server) finds them from the project root. */
const MIGRATIONS_DIR =
  [join(here, 'migrations'), join(here, 'db', 'migrations'), resolve('server/db/migrations')].find(
    (dir) => existsSync(dir),
  ) ?? join(here, 'migrations');
/** Any fixed 64-bit number unique to this purpose. */
const MIGRATION_LOCK_KEY = 7_420_611_503;
const BREAKPOINT = '--> statement-breakpoint';

export interface Migration {
  readonly name: string;
  readonly statements: readonly string[];
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((n) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(n)).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(dir, name), 'utf8');
      const statements = text
        .split(BREAKPOINT)
        .map((s) => s.trim())
        .filter((s) => s.replace(/--.*$/gm, '').trim() !== '');
      return { name, statements };
    }),
  );
}

/** Returns the names applied by this call (empty when the database was already current). */
export async function migrate(db: Db, migrations?: readonly Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  const applied: string[] = [];
  for (const migration of all) {
    const ran = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const done = rowsOf(
        await tx.execute(sql`SELECT 1 FROM schema_migrations WHERE name = ${migration.name}`),
      );
      if (done.length > 0) return false;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
