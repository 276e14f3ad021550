/**
 * A PostgreSQL database of a bench's own on the server at BENCH_PG_URL (default the test server),
 * named `<prefix>_<8 hex>` so that benches run side by side; `drop()` removes it, connections and all.
 */
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Types: scratch-database.d.mts. */
export async function createScratchDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
