/**
 * The built server on a PostgreSQL database of its own, for the node API benches (node-api.mjs,
 * node-fleet.mjs): PostgreSQL at BENCH_PG_URL (default the test server), the nodes engineer's ports.
 * `close()` stops the server and drops the database. Also the PostgreSQL side of bench/soak.mjs and
 * bench/idle-memory.mjs.
 */
import pg from 'pg';
import { SERVER_BUNDLE } from '../scripts/build-freshness.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { buildIfStale, startServer } from './serve-built-app.mjs';

/** The nodes engineer's ports (GUIDE): nobody else's bench or server is disturbed. */
const PORTS = { from: 18162, to: 18169 };

/** `args`: node's arguments, the bare bundle by default (bench/serve-built-app.mjs). */
export async function startNodeBenchServer(prefix, env = {}, { args = [SERVER_BUNDLE] } = {}) {
  buildIfStale();
  const database = await createScratchDatabase(prefix);
  const start = (more = {}) =>
    startServer({
      args,
      env: {
        APP_ENV: 'DEV',
        DATABASE_URL: database.url,
        RATE_LIMIT_API_PER_MINUTE: '1000000',
        ...env,
        ...more,
      },
      ports: PORTS,
    });
  let server = await start();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  return {
    get server() {
      return server;
    },
    /** A client of the bench's database, for seeding with SQL. */
    db,
    name: database.name,
    /**
     * Stops the server and starts a new one on the same database (bench/idle-memory.mjs), with
     * `more` added to its environment (bench/node-fleet.mjs).
     */
    async restart(more = {}) {
      await server.stop();
      server = await start(more);
      return server;
    },
    async close() {
      await db.end();
      await server.stop();
      await database.drop();
    },
  };
}
