/**
 * `npm run admin -- <command>`: the operator CLI (server/admin/cli.ts). On PostgreSQL it connects
 * itself (DATABASE_URL). On the embedded PGlite it hands the command to the running server through
 * DATA_DIR/admin.sock (a PGlite directory is never opened by two processes); with no server running
 * it opens DATA_DIR itself, holding the directory's lock so a server started meanwhile waits its turn.
 */
import { sendAdminCommand } from '../server/admin/admin-channel';
import { withAbsoluteFiles } from '../server/admin/file-arguments';
import {
  parseAdminCommand,
  reportUsage,
  runAdminCommand,
  UsageError,
  type AdminCommand,
  type AdminIo,
} from '../server/admin/cli';
import { adminCapabilities } from '../server/admin/context';
import { loadConfig } from '../server/config';
import { isPostgresUrl, openDatabase, type Database } from '../server/db/database';
import { DirectoryLockedError } from '../server/db/directory-lock';
import { migrate } from '../server/db/migrate';
import { createPaymentGateways } from '../server/gateways/registry';
import { siteOriginOf } from '../server/web/site-origin';

const io: AdminIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

async function main(argv: readonly string[]): Promise<number> {
  const config = loadConfig();
  let command: AdminCommand;
  try {
    command = parseAdminCommand(argv);
  } catch (error) {
    if (error instanceof UsageError) return reportUsage(error, io);
    throw error;
  }
  if (!isPostgresUrl(config.databaseUrl)) {
    const exit = await sendAdminCommand(config.dataDir, withAbsoluteFiles(argv, process.cwd()), io);
    if (exit !== undefined) return exit;
  }
  let database: Database | undefined;
  try {
    database = await openDatabase(
      config.databaseUrl,
      config.dataDir,
      'admin command',
      config.postgres,
    );
    await migrate(database.db);
    const { db } = database;
    return await runAdminCommand(command, {
      db,
      io,
      ...adminCapabilities({
        db,
        gateways: () => createPaymentGateways(config),
        siteOrigin: siteOriginOf(config),
        dataDir: config.dataDir,
      }),
    });
  } finally {
    await database?.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const message =
    error instanceof DirectoryLockedError
      ? `${error.message} If a server is starting, run the command again once it is up.`
      : error instanceof Error
        ? error.message
        : String(error);
  process.stderr.write(`failed: ${message}\n`);
  process.exitCode = 1;
}
