/**
 * What the server tests' migrated databases save on every app start (docs/testing.md, "Server
 * suite"): opening a database and bringing it up to date, from empty (initdb in WASM for PGlite,
 * then every migration) against from the run's migrated copy (tests/server/helpers/
 * migrated-databases.global-setup.ts: a PGlite data directory loaded with `loadDataDir`, a
 * PostgreSQL `CREATE DATABASE … TEMPLATE`). Prints the median of BENCH_ROUNDS (default 5) of each.
 * Run: `npx tsx bench/migrated-databases.ts` (PostgreSQL at TEST_PG_URL or 127.0.0.1:5432, if up).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import {
  makePgliteImage,
  makePostgresTemplate,
} from '../tests/server/helpers/migrated-databases.global-setup';
import { adminQuery, databaseUrl, postgresAvailable } from '../tests/server/helpers/test-databases';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function median(what: string, once: () => Promise<void>): Promise<void> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)]!;
  console.log(`${what.padEnd(46)} ${(ms / 1000).toFixed(2)} s (median of ${ROUNDS})`);
}

async function openAndMigrate(url: string, memoryImage?: Blob): Promise<void> {
  const database = await openDatabase(url, tmpdir(), 'bench', {
    poolSize: 2,
    connectTimeoutMs: 30_000,
    statementTimeoutMs: 120_000,
    ...(memoryImage ? { memoryImage } : {}),
  });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
}

const image = join(tmpdir(), `kestrel-bench-pglite-${randomBytes(4).toString('hex')}.tar`);
try {
  await makePgliteImage(image);
  const bytes = await readFile(image);
  console.log(`PGlite migrated image: ${(bytes.length / 1024 / 1024).toFixed(1)} MiB`);
  await median('PGlite: empty, initdb + migrations', () => openAndMigrate('memory://'));
  await median('PGlite: from the migrated image', () =>
    openAndMigrate('memory://', new Blob([bytes])),
  );
} finally {
  await rm(image, { force: true });
}

if (await postgresAvailable()) {
  const template = `t_bench_template_${randomBytes(4).toString('hex')}`;
  await makePostgresTemplate(template);
  const copyOf = (from?: string) => async () => {
    const name = `t_bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`);
    try {
      await openAndMigrate(databaseUrl(name));
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  };
  try {
    await median('PostgreSQL: CREATE DATABASE + migrations', copyOf());
    await median('PostgreSQL: CREATE DATABASE … TEMPLATE migrated', copyOf(template));
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
} else {
  console.log('PostgreSQL unreachable: its figures are left out');
}
