/**
 * `backup <file>` and `restore <file> [--yes]` (issue 23, item 7; docs/operations.md "Backups"):
 * the whole database to one file and back, through the process that holds it (with the embedded
 * PGlite, the running server: the site keeps running). A restore first checks the whole file and
 * writes a safety backup of the current data under DATA_DIR/backups, so it can itself be undone.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BackupError,
  inspectBackup,
  restoreBackup,
  writeBackup,
  type BackupSummary,
} from '../db/backup';
import { AdminError, Args, positional } from './args';
import type { AdminCommand, AdminContext } from './context';
import { counted } from './format';

export const BACKUP_USAGE = [
  'backup <file>   (every table at one moment, gzip JSON lines, mode 0600)',
  'restore <file> [--yes]   (replaces all data; without --yes: what the file holds. A safety backup of the current data is written first)',
];

const lastMigration = (summary: BackupSummary) => summary.header.migrations.at(-1) ?? 'none';

function describe(file: string, summary: BackupSummary): string {
  return `${file}: made ${summary.header.createdAt}, ${counted(summary.tables, 'table')}, ${counted(summary.rows, 'row')}, under migration ${lastMigration(summary)}`;
}

/** A damaged or foreign file is the operator's to fix: exit 1 with the reason, nothing changed. */
async function checked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw new AdminError(error.message);
    throw error;
  }
}

const isFileSystemError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';

function fileArgument(rest: readonly string[], booleans: readonly string[] = []) {
  const args = new Args(rest, booleans);
  const file = positional(args, 0, 'file');
  return { args, file };
}

export function parseBackupCommand(rest: string[]): AdminCommand {
  const { args, file } = fileArgument(rest);
  args.done(1);
  return async ({ db, io, now }) => {
    const started = performance.now();
    const summary = await writeBackup(db, file, now()).catch((error: unknown) => {
      // A folder that is not there, a disk that is full: the operator's to fix (the partial file
      // is removed by writeBackup).
      if (isFileSystemError(error)) throw new AdminError(`cannot write ${file}: ${error.message}`);
      throw error;
    });
    const { size } = await stat(file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(describe(file, summary));
    io.err(`backup written: ${(size / 1024 / 1024).toFixed(1)} MB in ${seconds} s`);
    return 0;
  };
}

function safetyBackupPath(context: AdminContext): string {
  const stamp = context.now().toISOString().replace(/[:.]/g, '-');
  return join(context.backupDir, `before-restore-${stamp}.backup.gz`);
}

export function parseRestoreCommand(rest: string[]): AdminCommand {
  const { args, file } = fileArgument(rest, ['yes']);
  const yes = args.flag('yes');
  args.done(1);
  return async (context) => {
    const { db, io, now } = context;
    const summary = await checked(() => inspectBackup(file));
    if (!yes) {
      io.out(describe(file, summary));
      io.out(
        'Run again with --yes to replace all current data with it (a backup of the current data is written first).',
      );
      return 0;
    }
    const saveCurrentData = async () => {
      await mkdir(context.backupDir, { recursive: true, mode: 0o700 });
      const safety = safetyBackupPath(context);
      await writeBackup(db, safety, now());
      io.out(`current data saved to ${safety}`);
    };
    const outcome = await checked(() => restoreBackup(db, file, now(), saveCurrentData));
    context.sessionCache?.forgetAll();
    if (outcome.upgradedThrough.length > 0)
      io.out(`brought up to date through ${outcome.upgradedThrough.join(', ')}`);
    io.out(`restored ${describe(file, outcome)}`);
    return 0;
  };
}
