/**
 * The operator CLI (`npm run admin -- <area> <action> ...`, scripts/admin.ts): plans and prices,
 * promo codes, redeem-code batches, orders (list, refund, flags), group buys, the KOL programme, VPN nodes and yearly benefits,
 * announcements and the site's links, backups
 * (the account area's commands, which check their own arguments once the database is open), console staff and the audit
 * trail (docs/console.md). Every command that runs is audited with who = 'cli' (here, where the CLI
 * dispatches, both in its own process and through a running server's admin channel). Arguments are checked before the
 * database is touched; a usage mistake prints the usage and exits 2, a failed command exits 1, and
 * neither changes anything.
 */
import { AdminError, UsageError } from './args';
import type { AdminCommand, AdminContext } from './context';
import { COUPONS_USAGE, parseCouponsCommand } from './coupons-admin';
import { CRYPTO_USAGE, parseCryptoCommand } from './crypto-admin';
import { ORDERS_USAGE, parseOrdersCommand } from './orders-admin';
import { PLANS_USAGE, parsePlansCommand } from './plans-admin';
import { REDEEM_USAGE, parseRedeemCommand } from './redeem-admin';
import { BENEFITS_USAGE, run as runBenefits } from './benefits-command';
import { NODES_USAGE, run as runNodes } from './nodes-command';
import { KOL_USAGE, parseKolCommand } from './kol-admin';
import { GROUP_BUY_USAGE, parseGroupBuyCommand } from './group-buy-admin';
import { AUDIT_USAGE, STAFF_USAGE, parseAuditCommand, parseStaffCommand } from './staff-command';
import { USERS_USAGE, parseUsersCommand } from './users-command';
import {
  ANNOUNCEMENTS_USAGE,
  LINKS_USAGE,
  parseAnnouncementsCommand,
  parseLinksCommand,
} from './content-command';
import { BACKUP_USAGE, parseBackupCommand, parseRestoreCommand } from './backup-command';
import { CLI_ACTOR, redactArgv, writeAudit } from '../console/audit';

export { AdminError, UsageError } from './args';
export type { AdminCommand, AdminContext, AdminIo } from './context';

export const USAGE = [
  'usage: npm run admin -- <command>',
  '',
  ...[
    ...PLANS_USAGE,
    ...COUPONS_USAGE,
    ...REDEEM_USAGE,
    ...ORDERS_USAGE,
    ...GROUP_BUY_USAGE,
    ...CRYPTO_USAGE,
    ...KOL_USAGE,
    ...STAFF_USAGE,
    ...AUDIT_USAGE,
    ...USERS_USAGE,
    ...ANNOUNCEMENTS_USAGE,
    ...LINKS_USAGE,
    ...BACKUP_USAGE,
  ].map((l) => `  ${l}`),
  ...[...NODES_USAGE, ...BENEFITS_USAGE].map((l) => `  ${l.replace(/^( *)(usage: )?/, '$1')}`),
  '',
  'Money is in minor units (fen, cents): 2880 CNY is ¥28.80. Dates are ISO-8601 (UTC unless an offset is given).',
  'Uses DATABASE_URL / DATA_DIR like the server. With the embedded PGlite, a running server runs the',
  'command (through DATA_DIR/admin.sock); when none runs, the command opens DATA_DIR itself.',
].join('\n');

/** Each area's parser; nodes and benefits check their own arguments once the database is open. */
const AREAS: Readonly<Record<string, (rest: string[]) => AdminCommand>> = {
  plans: parsePlansCommand,
  coupons: parseCouponsCommand,
  redeem: parseRedeemCommand,
  orders: parseOrdersCommand,
  'group-buy': parseGroupBuyCommand,
  crypto: parseCryptoCommand,
  kol: parseKolCommand,
  staff: parseStaffCommand,
  users: parseUsersCommand,
  announcements: parseAnnouncementsCommand,
  links: parseLinksCommand,
  audit: parseAuditCommand,
  backup: parseBackupCommand,
  restore: parseRestoreCommand,
  nodes:
    (rest) =>
    ({ db, io, now, siteOrigin }) =>
      runNodes(db, rest, (line) => io.out(line), { now, ...(siteOrigin ? { siteOrigin } : {}) }),
  benefits:
    (rest) =>
    ({ db, io, now }) =>
      runBenefits(db, rest, (line) => io.out(line), { now }),
};

/**
 * Every command, of every area, leaves one `cli.command` entry in the audit trail once it has run:
 * its arguments (secret-named options redacted) and its exit code, or the failure that stopped it.
 * A command that ran but whose entry cannot be written is reported as failed.
 */
function audited(argv: readonly string[], command: AdminCommand): AdminCommand {
  return async (context) => {
    const record = (after: Record<string, unknown>) =>
      writeAudit(context.db, CLI_ACTOR, {
        action: 'cli.command',
        target: argv.slice(0, 2).join(' '),
        after: { argv: redactArgv(argv), ...after },
        at: context.now(),
      });
    let exit: number;
    try {
      exit = await command(context);
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      await record({ exit: error instanceof UsageError ? 2 : 1, failure }).catch(() => undefined);
      throw error;
    }
    await record({ exit });
    return exit;
  };
}

/** Checks the arguments and returns the command to run; throws UsageError. */
export function parseAdminCommand(argv: readonly string[]): AdminCommand {
  const [area, ...rest] = argv;
  if (area === undefined || area === 'help' || area === '--help') throw new UsageError('');
  if (!Object.hasOwn(AREAS, area)) throw new UsageError(`unknown command "${area}"`);
  return audited(argv, AREAS[area]!(rest));
}

/** Prints a usage mistake and the usage; the exit code of a usage mistake is 2. */
export function reportUsage(error: UsageError, io: AdminContext['io']): number {
  if (error.message) io.err(`error: ${error.message}`);
  io.err(USAGE);
  return 2;
}

/**
 * Runs a parsed command; a failure it reports (AdminError, RefundError) exits 1 with its message. An
 * input that only the running command can check (a file's contents, a rate the server refuses) is a
 * usage mistake like any other: exit 2.
 */
export async function runAdminCommand(
  command: AdminCommand,
  context: AdminContext,
): Promise<number> {
  try {
    return await command(context);
  } catch (error) {
    if (error instanceof UsageError) return reportUsage(error, context.io);
    if (error instanceof AdminError || (error instanceof Error && error.name === 'RefundError')) {
      context.io.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** Runs one command line; returns the exit code (0 done, 1 failed, 2 usage). */
export async function runAdmin(
  argv: readonly string[],
  context: Omit<AdminContext, 'db'> & { openDb: () => Promise<AdminContext['db']> },
): Promise<number> {
  let command: AdminCommand;
  try {
    command = parseAdminCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsage(error, context.io);
  }
  const { openDb, ...rest } = context;
  return runAdminCommand(command, { ...rest, db: await openDb() });
}
