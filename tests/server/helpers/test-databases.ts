/**
 * Every server suite runs on PGlite and on PostgreSQL (DESIGN §3: PGlite serialises queries, so only
 * PostgreSQL proves a race is handled). Each test file gets a fresh PostgreSQL database, dropped after.
 * Outside CI a missing PostgreSQL skips that variant with a loud warning; in CI it fails the run.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const inCi = process.env.CI === 'true';

export interface CreatedDatabase {
  readonly url: string;
  /** PGlite (`memory://`) with `migrated`: the data directory an in-memory database starts from. */
  readonly memoryImage?: Blob;
  drop(): Promise<void>;
}

export interface DbVariant {
  readonly name: 'pglite' | 'postgres';
  /**
   * Creates the database for one test file; returns its URL and how to drop it. Empty by default;
   * `migrated` gives one that already holds every migration, made once per run by the server
   * project's global setup (migrated-databases.global-setup.ts), when the run has one.
   */
  create(options?: { migrated?: boolean }): Promise<CreatedDatabase>;
}

/** Runs one statement on its own connection to PG_ADMIN_URL (CREATE/DROP DATABASE need no pool). */
export async function adminQuery(statement: string, url = PG_ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the PostgreSQL of PG_ADMIN_URL. */
export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function canConnect(): Promise<boolean> {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

function tryStartPostgres(): void {
  try {
    const version = readdirSync('/etc/postgresql')[0];
    if (!version) return;
    execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, {
      stdio: 'ignore',
      timeout: 30_000,
    });
  } catch {
    // Not startable here (no cluster, no permission): reported by the caller.
  }
}

let available: Promise<boolean> | undefined;

export function postgresAvailable(): Promise<boolean> {
  available ??= (async () => {
    if (await canConnect()) return true;
    tryStartPostgres();
    if (await canConnect()) return true;
    if (inCi) throw new Error(`PostgreSQL is required in CI but unreachable at ${PG_ADMIN_URL}`);
    console.warn(
      `\n!!!!!!!!\n!! PostgreSQL unreachable at ${PG_ADMIN_URL}: SKIPPING the PostgreSQL variant of the server suites.\n!! Race proofs ran on PGlite only, which serialises queries. Start PostgreSQL and re-run.\n!!!!!!!!\n`,
    );
    return false;
  })();
  return available;
}

/** What the global setup provided, or '' where this run has no global setup (another config). */
function provided(key: 'migratedPgliteImage' | 'migratedPostgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

let pgliteImage: Promise<Blob> | undefined;

const pglite: DbVariant = {
  name: 'pglite',
  async create(options) {
    const file = options?.migrated ? provided('migratedPgliteImage') : '';
    if (file) pgliteImage ??= readFile(file).then((bytes) => new Blob([bytes]));
    return {
      url: 'memory://',
      ...(file ? { memoryImage: await pgliteImage } : {}),
      drop: async () => undefined,
    };
  },
};

const postgresVariant: DbVariant = {
  name: 'postgres',
  async create(options) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const template = options?.migrated ? provided('migratedPostgresTemplate') : '';
    await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    return {
      url: databaseUrl(name),
      drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  },
};

/** The variants this machine can run: PGlite always, PostgreSQL when reachable (always in CI). */
export async function databaseVariants(): Promise<DbVariant[]> {
  return (await postgresAvailable()) ? [pglite, postgresVariant] : [pglite];
}
