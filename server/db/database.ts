/**
 * The database: PGlite embedded under DATA_DIR by default, PostgreSQL (node-postgres, `pg`) with
 * DATABASE_URL. Both are driven through the same Drizzle API; `rowsOf` reads their raw results.
 * docs/data.md says why `pg` and not postgres-js, and what happens when PostgreSQL goes away.
 */
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDirectory } from './directory-lock';
import { initPgliteDirectory, PGLITE_START_PARAMS } from './pglite-memory';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** The PGlite directory this process holds (locked); undefined for PostgreSQL and memory://. */
  readonly directory?: string;
  /** PostgreSQL only: the pool's connections and the queries waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** A postgres:// or postgresql:// URL selects PostgreSQL; anything else is PGlite. */
export function isPostgresUrl(databaseUrl: string | undefined): databaseUrl is string {
  return databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** Owner-only: PGlite creates its files world-writable (0666), whatever the umask. */
async function restrictToOwner(path: string): Promise<void> {
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  await Promise.all(
    entries.map((entry) =>
      chmod(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600),
    ),
  );
  await chmod(path, 0o700);
}

export interface PostgresOptions {
  /** Connections per process. */
  readonly poolSize: number;
  /** Opening a connection, or waiting for a free one, fails after this long. */
  readonly connectTimeoutMs: number;
  /** PostgreSQL cancels a statement running longer (and ends a session idle in a transaction). */
  readonly statementTimeoutMs: number;
  /** A connection that died outside a query (the server restarted, the network dropped). */
  readonly onConnectionError?: (error: Error) => void;
}

export interface DatabaseOptions extends PostgresOptions {
  /**
   * `memory://` only: a PGlite data directory (PGlite's `dumpDataDir` tarball) to start from instead
   * of an empty cluster. Tests start each app on one that already holds the migrations: PGlite's
   * initdb and the migrations cost most of an in-memory start (docs/testing.md).
   */
  readonly memoryImage?: Blob;
}

export const DEFAULT_POSTGRES_OPTIONS: PostgresOptions = {
  poolSize: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
};

/**
 * A pool that survives PostgreSQL going away: a query on a dead connection fails (the caller answers
 * INTERNAL), the connection leaves the pool, and the next query opens a new one once the server is
 * back. Every connection has an error listener for its whole life: node-postgres emits `error` on a
 * connection that dies while checked out between queries (a transaction awaiting the app), and an
 * unheard `error` event would end the process.
 */
function openPostgres(databaseUrl: string, options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.statementTimeoutMs,
    // The client-side bound for when the server cannot even cancel (network gone, host frozen).
    query_timeout: options.statementTimeoutMs + options.connectTimeoutMs,
    application_name: 'kestrel-server',
    // Timestamps are UTC end to end (DESIGN §3).
    options: '-c TimeZone=UTC',
  });
  const report = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return {
    db: drizzleNodePostgres(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * `memory://` keeps PGlite in memory (tests); any postgres:// URL selects PostgreSQL. A PGlite
 * directory is locked for this process (`role` says who holds it in a refusal's message): a second
 * opener, in this process or another, gets DirectoryLockedError.
 */
export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  role = 'server',
  options: DatabaseOptions = DEFAULT_POSTGRES_OPTIONS,
): Promise<Database> {
  if (isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl, options);
  if (databaseUrl === 'memory://') {
    const client = await PGlite.create('memory://', {
      startParams: [...PGLITE_START_PARAMS],
      ...(options.memoryImage ? { loadDataDir: options.memoryImage } : {}),
    });
    await client.exec("SET TIME ZONE 'UTC'");
    return {
      db: drizzlePglite(client, { schema }) as unknown as Db,
      kind: 'pglite',
      close: () => client.close(),
    };
  }
  const directory = join(dataDir, 'pglite');
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const lock = await lockDirectory(directory, role);
  try {
    await initPgliteDirectory(directory);
    const client = await PGlite.create(directory, { startParams: [...PGLITE_START_PARAMS] });
    await client.exec("SET TIME ZONE 'UTC'");
    // DATA_DIR and the PGlite directory are 0700, which already keeps everyone else out; the files
    // PGlite made are narrowed too, here and at close, in case a directory is opened up by hand.
    await restrictToOwner(directory);
    return {
      db: drizzlePglite(client, { schema }) as unknown as Db,
      kind: 'pglite',
      directory,
      async close() {
        try {
          await client.close();
          await restrictToOwner(directory);
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Rows of a raw `db.execute()`: node-postgres and PGlite return an object with `rows`. */
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

/** The constraint (or unique index) a failed statement hit (`constraint` in node-postgres and PGlite). */
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
