/**
 * `npm run admin -- <command>`: the operator CLI (server/admin/cli.ts) on the server's database
 * (DATABASE_URL, or the PGlite under DATA_DIR: stop the server first, PGlite is single-process).
 */
import { runAdmin } from '../server/admin/cli';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { refundOrder } from '../server/payments/refund-order';
import { createPaymentGateways } from '../server/payments/registry';

const config = loadConfig();
let database: Database | undefined;
try {
  process.exitCode = await runAdmin(process.argv.slice(2), {
    io: {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    },
    now: () => new Date(),
    async openDb() {
      database = await openDatabase(config.databaseUrl, config.dataDir);
      await migrate(database.db);
      return database.db;
    },
    async refund(orderNo, options) {
      const gateways = await createPaymentGateways(config);
      return refundOrder({ db: database!.db, gateways }, orderNo, options);
    },
  });
} catch (error) {
  process.stderr.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
