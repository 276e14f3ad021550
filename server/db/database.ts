/**
 * The database: PGlite embedded under DATA_DIR by default, PostgreSQL (postgres-js) with DATABASE_URL.
 * Both are driven through the same Drizzle API; `rowsOf` smooths over their raw-result shapes.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** `memory://` keeps PGlite in memory (tests); any postgres:// URL selects PostgreSQL. */
export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<Database> {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const client = postgres(databaseUrl, {
      max: 10,
      onnotice: () => undefined,
      // Timestamps are UTC end to end (DESIGN §3).
      connection: { TimeZone: 'UTC', application_name: 'kestrel-server' },
    });
    return {
      db: drizzlePostgres(client, { schema }) as unknown as Db,
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
    };
  }
  let location = 'memory://';
  if (databaseUrl !== 'memory://') {
    location = join(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
  }
  const client = await PGlite.create(location);
  await client.exec("SET TIME ZONE 'UTC'");
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/** Rows of a raw `db.execute()`: postgres-js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

function sqlState(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** The constraint (or unique index) a failed statement hit: postgres-js and PGlite name it differently. */
export function violatedConstraint(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const fields = e as { constraint_name?: unknown; constraint?: unknown };
    const name = fields.constraint_name ?? fields.constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}
