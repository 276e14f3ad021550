/**
 * Vitest global setup of the server project: the migrations are applied once per run, not once per
 * app. An app's start on an empty database spends most of its time there (PGlite: initdb in WASM
 * and every migration; PostgreSQL: the migrations), and the suite starts a few hundred apps.
 *
 * - PGlite: one in-memory cluster is migrated and dumped (`dumpDataDir`); every in-memory app then
 *   loads that file instead of running initdb and the migrations.
 * - PostgreSQL: one database is migrated; every app's database is a copy of it
 *   (`CREATE DATABASE … TEMPLATE`).
 *
 * The apps still run the migrations at start, which then find every one applied: the start-up path
 * itself is unchanged. Suites that test the migrations themselves (a partly migrated database, a
 * restore) create their databases empty, as before (test-databases.ts). docs/testing.md.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Db } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { PGLITE_START_PARAMS } from '../../../server/db/pglite-memory';
import { adminQuery, databaseUrl, postgresAvailable } from './test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory (tarball) holding every migration; '' when none was made. */
    migratedPgliteImage: string;
    /** A PostgreSQL database holding every migration, to copy; '' when PostgreSQL is not here. */
    migratedPostgresTemplate: string;
  }
}

export async function makePgliteImage(file: string): Promise<void> {
  const client = await PGlite.create('memory://', { startParams: [...PGLITE_START_PARAMS] });
  try {
    await migrate(drizzle(client) as unknown as Db);
    const image = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await client.close();
  }
}

export async function makePostgresTemplate(name: string): Promise<void> {
  await adminQuery(`CREATE DATABASE ${name}`);
  // One connection with no statement timeout: the run's first minutes are its busiest.
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await migrate(drizzleNodePostgres(client) as unknown as Db);
  } finally {
    // A template must have no open connection when it is copied.
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const image = join(tmpdir(), `kestrel-pglite-migrated-${id}.tar`);
  const template = (await postgresAvailable()) ? `t_migrated_${id}` : '';
  await Promise.all([makePgliteImage(image), template ? makePostgresTemplate(template) : null]);
  project.provide('migratedPgliteImage', image);
  project.provide('migratedPostgresTemplate', template);
  return async () => {
    await rm(image, { force: true });
    if (template) await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
