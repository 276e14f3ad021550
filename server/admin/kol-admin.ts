/** `kol ...`: the KOL programme's operator commands (docs/kol.md). */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  KOL_RATES,
  PAYOUT_NETWORKS,
  isPayoutNetwork,
  type PayoutNetwork,
} from '../../contract/kol';
import type { Db } from '../db/database';
import { kolCommissions, kolSettlements } from '../db/schema';
import { CLI_ACTOR } from '../console/audit';
import * as kolOps from '../console/kol/kol-operations';
import { listKols } from '../console/kol/kol-record';
import { listHeldCommissions } from '../kol/commission-review';
import type { KolTerms } from '../kol/kol-accounts';
import { readKolSettings } from '../kol/kol-settings';
import { checkKolLedger } from '../kol/ledger-check';
import { noteInEnglish, payoutRecordsOf } from '../kol/settlements';
import {
  AdminError,
  Args,
  UsageError,
  onlyPositional,
  parseInteger,
  positional,
  rowLimit,
} from './args';
import type { AdminCommand, AdminContext } from './context';
import { counted, isoOrDash, money, table } from './format';
import { operator, operatorCommand } from './operator-call';

export const KOL_USAGE = [
  `kol make <user> --first <${KOL_RATES.firstMinPercent}-${KOL_RATES.firstMaxPercent}> [--renewal <${KOL_RATES.renewalMinPercent}-${KOL_RATES.renewalMaxPercent}>] [--network ${PAYOUT_NETWORKS.join('|')} --address <addr>]`,
  'kol set <user> [--first <n>] [--renewal <n>] [--network <net> --address <addr> | --clear-address]',
  'kol end <user>                       (no commissions after this; what was earned is still paid)',
  'kol list                             (KOLs, rates, payout address, totals in USD)',
  'kol commissions [--kol <user>] [--status held|pending|available|settled|voided] [--limit <n>]',
  'kol held [--kol <user>] [--limit <n>]   (commissions held for review: the signal that matched)',
  'kol confirm <commissionId> --reason <text>   (a held commission matures from now on)',
  'kol settlements [--kol <user>] [--limit <n>]',
  'kol settle <user>                    (one KOL: every available commission into a settlement)',
  'kol payout-batch                     (every KOL whose available total reaches $100)',
  'kol pay <settlementId> --tx <hash> [--correct] [--note <text>]   (record or correct a payout)',
  'kol verify <settlementId>            (check the recorded hash on chain again)',
  'kol void <commissionId> --reason <text>   (held or fraud: voided, or clawed back when settled)',
  'kol settings [--refund-window-days <0-365>] [--cny-usd-rate <USD per CNY, e.g. 0.138>]',
  'kol ledger-check                     (the ledger sums, per KOL; exit 1 when one does not balance)',
  '<user> is a user id or a username.',
];

const COMMISSION_STATUSES = ['held', 'pending', 'available', 'settled', 'voided'] as const;

/** The operator functions' dependencies in the CLI (audited as `cli`). */
const depsOf = ({ db, now, payoutVerifier }: AdminContext): kolOps.KolDeps => ({
  db,
  now,
  ...(payoutVerifier ? { payoutVerifier } : {}),
});

async function resolveUser(db: Db, ref: string): Promise<number> {
  return operator(() => kolOps.resolveKolUser(db, ref));
}

function parseTerms(args: Args, forNew: boolean): KolTerms {
  const first = args.int('first', {
    min: KOL_RATES.firstMinPercent,
    max: KOL_RATES.firstMaxPercent,
  });
  if (forNew && first === undefined) throw new UsageError('--first is required');
  const renewal = args.int('renewal', {
    min: KOL_RATES.renewalMinPercent,
    max: KOL_RATES.renewalMaxPercent,
  });
  const network = args.string('network');
  const address = args.string('address');
  const clear = args.flag('clear-address');
  if ((network === undefined) !== (address === undefined))
    throw new UsageError('--network and --address go together');
  if (network !== undefined && !isPayoutNetwork(network))
    throw new UsageError(`--network must be one of ${PAYOUT_NETWORKS.join(', ')}`);
  if (clear && network !== undefined)
    throw new UsageError('--clear-address or an address, not both');
  return {
    ...(first !== undefined ? { firstRatePercent: first } : {}),
    ...(renewal !== undefined ? { renewalRatePercent: renewal } : {}),
    ...(network !== undefined
      ? { payout: { network: network as PayoutNetwork, address: address!.trim() } }
      : clear
        ? { payout: null }
        : {}),
  };
}

const usd = (cents: number) => money(cents, 'USD');

/** `[--kol <user>] [--limit <n>]`, the options of a listing (50 rows unless told). */
function listingOptions(rest: readonly string[]) {
  const args = new Args(rest);
  const kolRef = args.string('kol');
  const limit = rowLimit(args);
  args.done(0);
  return { kolRef, limit };
}

/** `<commissionId> --reason <text>`, what confirming or voiding a commission takes. */
function commissionAndReason(rest: readonly string[]) {
  const args = new Args(rest);
  const commissionId = parseInteger(positional(args, 0, 'commissionId'), 'commissionId');
  const reason = args.requiredString('reason');
  args.done(1);
  return { commissionId, reason };
}

/** USD per CNY with up to 6 decimals, as micros. */
function parseRate(value: string): number {
  if (!/^\d+(\.\d{1,6})?$/.test(value.trim()))
    throw new UsageError('--cny-usd-rate must be a decimal such as 0.138');
  const [whole, fraction = ''] = value.trim().split('.');
  const micros = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  if (micros <= 0 || micros > 10_000_000)
    throw new UsageError('--cny-usd-rate must be above 0 and at most 10');
  return micros;
}

export function parseKolCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'make':
    case 'set': {
      const args = new Args(rest, ['clear-address']);
      const ref = positional(args, 0, 'user');
      const terms = parseTerms(args, action === 'make');
      args.done(1);
      return operatorCommand(
        (context) => kolOps.saveKol(depsOf(context), CLI_ACTOR, { user: ref, terms, mode: action }),
        (account) =>
          `user ${account.userId} is a KOL: first ${account.firstRatePercent} %, renewal ${account.renewalRatePercent} %, payout ${account.payoutNetwork ?? '-'} ${account.payoutAddress ?? ''}`.trimEnd(),
      );
    }
    case 'end': {
      const ref = onlyPositional(rest, 'user');
      return operatorCommand(
        (context) => kolOps.endKolProgramme(depsOf(context), CLI_ACTOR, { user: ref }),
        ({ userId }) => `user ${userId} is no longer a KOL; earned commissions stay payable`,
      );
    }
    case 'list': {
      new Args(rest).done(0);
      return async ({ db, io, now }) => {
        const lines = [];
        for (const { totals, username, ...a } of await listKols(db, now())) {
          lines.push([
            String(a.userId),
            username ?? '-',
            a.endedAt ? `ended ${isoOrDash(a.endedAt)}` : 'active',
            `${a.firstRatePercent}/${a.renewalRatePercent} %`,
            a.payoutNetwork ? `${a.payoutNetwork} ${a.payoutAddress}` : '-',
            usd(totals.heldCents),
            usd(totals.pendingCents),
            usd(totals.availableCents),
            usd(totals.processingCents),
            usd(totals.paidCents),
          ]);
        }
        table(
          [
            'user',
            'name',
            'state',
            'first/renewal',
            'payout',
            'held',
            'pending',
            'available',
            'processing',
            'paid',
          ],
          lines,
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'commissions': {
      const args = new Args(rest);
      const kolRef = args.string('kol');
      const status = args.string('status');
      if (status !== undefined && !(COMMISSION_STATUSES as readonly string[]).includes(status))
        throw new UsageError(`--status must be one of ${COMMISSION_STATUSES.join(', ')}`);
      const limit = rowLimit(args);
      args.done(0);
      return async ({ db, io }) => {
        const conditions: SQL[] = [];
        if (kolRef !== undefined)
          conditions.push(eq(kolCommissions.kolId, await resolveUser(db, kolRef)));
        if (status !== undefined)
          conditions.push(
            eq(kolCommissions.status, status as (typeof COMMISSION_STATUSES)[number]),
          );
        const rows = await db
          .select()
          .from(kolCommissions)
          .where(conditions.length > 0 ? and(...conditions) : undefined)
          .orderBy(desc(kolCommissions.createdAt), desc(kolCommissions.id))
          .limit(limit);
        table(
          [
            'id',
            'booked',
            'kol',
            'invitee',
            'order',
            'kind',
            'type',
            'rate',
            'paid',
            'commission',
            'status',
            'due',
            'settlement',
            'reason',
          ],
          rows.map((c) => [
            String(c.id),
            isoOrDash(c.createdAt),
            String(c.kolId),
            String(c.inviteeId),
            String(c.orderId),
            c.kind === 'clawback' ? `clawback of ${c.reversesId}` : 'commission',
            c.purchaseType === 0 ? 'first' : 'renewal',
            `${c.ratePercent} %`,
            money(c.paidAmount, c.paidCurrency),
            usd(c.commissionCents),
            c.status,
            isoOrDash(c.availableAt),
            c.settlementId === null ? '-' : String(c.settlementId),
            c.voidReason ??
              (c.holdSignal
                ? `${c.reviewNote ? 'confirmed' : 'held'}: ${c.holdSignal} (${c.holdDetail})${c.reviewNote ? `; ${c.reviewNote}` : ''}`
                : ''),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'settlements': {
      const { kolRef, limit } = listingOptions(rest);
      return async ({ db, io }) => {
        const kolId = kolRef === undefined ? undefined : await resolveUser(db, kolRef);
        const rows = await db
          .select()
          .from(kolSettlements)
          .where(kolId === undefined ? undefined : eq(kolSettlements.kolId, kolId))
          .orderBy(desc(kolSettlements.createdAt), desc(kolSettlements.id))
          .limit(limit);
        table(
          [
            'id',
            'created',
            'kol',
            'by',
            'period',
            'amount',
            'rows',
            'pay to',
            'status',
            'tx hash',
            'verification',
            'paid',
          ],
          rows.map((s) => [
            String(s.id),
            isoOrDash(s.createdAt),
            String(s.kolId),
            s.requestedBy,
            `${isoOrDash(s.periodFrom).slice(0, 10)}..${isoOrDash(s.periodTo).slice(0, 10)}`,
            usd(s.amountCents),
            String(s.commissionCount),
            `${s.payoutNetwork} ${s.payoutAddress}`,
            s.status,
            s.txHash ?? '-',
            s.verification
              ? `${s.verification}${noteInEnglish(s) ? ` (${noteInEnglish(s)})` : ''}`
              : '-',
            isoOrDash(s.paidAt),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'settle': {
      const ref = onlyPositional(rest, 'user');
      return operatorCommand(
        (context) => kolOps.settleOneKol(depsOf(context), CLI_ACTOR, { user: ref }),
        (s) =>
          `settlement ${s.id}: ${usd(s.amountCents)} (${s.commissionCount} rows) to ${s.payoutNetwork} ${s.payoutAddress}; pay it, then: kol pay ${s.id} --tx <hash>`,
      );
    }
    case 'payout-batch': {
      new Args(rest).done(0);
      return async (context) => {
        const { io } = context;
        const { settled, skipped } = await kolOps.payoutBatch(depsOf(context), CLI_ACTOR);
        for (const s of settled)
          io.out(
            `settlement ${s.id}: KOL ${s.kolId}, ${usd(s.amountCents)} to ${s.payoutNetwork} ${s.payoutAddress}`,
          );
        for (const s of skipped) io.out(`skipped KOL ${s.kolId}: ${s.reason}`);
        io.out(`${counted(settled.length, 'settlement')} made, ${skipped.length} skipped`);
        return 0;
      };
    }
    case 'pay': {
      const args = new Args(rest, ['correct']);
      const id = parseInteger(positional(args, 0, 'settlementId'), 'settlementId');
      const tx = args.requiredString('tx');
      const correct = args.flag('correct');
      const note = args.string('note');
      args.done(1);
      return async (context) => {
        const result = await operator(() =>
          kolOps.recordKolPayout(depsOf(context), CLI_ACTOR, {
            settlementId: id,
            txHash: tx,
            correct,
            ...(note ? { note } : {}),
          }),
        );
        context.io.out(
          `settlement ${id}: ${result.settlement.status}, hash ${result.verification}${result.note ? ` (${result.note})` : ''}`,
        );
        return result.verification === 'rejected' ? 1 : 0;
      };
    }
    case 'verify': {
      const args = new Args(rest);
      const id = parseInteger(positional(args, 0, 'settlementId'), 'settlementId');
      args.done(1);
      return async (context) => {
        const { db, io, payoutVerifier } = context;
        const [s] = await db.select().from(kolSettlements).where(eq(kolSettlements.id, id));
        if (!s?.txHash) throw new AdminError(`settlement ${id} has no recorded hash`);
        if (!payoutVerifier) throw new AdminError('no chain verifier is configured here');
        const result = await operator(() =>
          kolOps.verifyKolPayout(depsOf(context), CLI_ACTOR, { settlementId: id }),
        );
        io.out(`settlement ${id}: ${result.settlement.status}, hash ${result.verification}`);
        for (const r of await payoutRecordsOf(db, id))
          io.out(
            `  ${isoOrDash(r.recordedAt)}  ${r.txHash}  ${r.verification}  ${noteInEnglish({ verificationNote: r.note, verificationReason: r.reason })}`,
          );
        return 0;
      };
    }
    case 'held': {
      const { kolRef, limit } = listingOptions(rest);
      return async ({ db, io }) => {
        const kolId = kolRef === undefined ? undefined : await resolveUser(db, kolRef);
        const rows = await listHeldCommissions(db, {
          limit,
          ...(kolId === undefined ? {} : { kolId }),
        });
        table(
          ['id', 'booked', 'kol', 'invitee', 'order', 'commission', 'signal', 'what matched'],
          rows.map((c) => [
            String(c.id),
            isoOrDash(c.createdAt),
            `${c.kolId}${c.kolName ? ` ${c.kolName}` : ''}`,
            String(c.inviteeId),
            c.orderNo,
            usd(c.commissionCents),
            c.signal,
            c.detail,
          ]),
        ).forEach((l) => io.out(l));
        io.out(
          `${counted(rows.length, 'held commission')}: kol confirm <id> --reason <text> | kol void <id> --reason <text>`,
        );
        return 0;
      };
    }
    case 'confirm': {
      const input = commissionAndReason(rest);
      return operatorCommand(
        (context) => kolOps.confirmCommission(depsOf(context), CLI_ACTOR, input),
        (outcome) =>
          `commission ${input.commissionId} confirmed: pending until ${isoOrDash(outcome.availableAt)}, then available`,
      );
    }
    case 'void': {
      const input = commissionAndReason(rest);
      const id = input.commissionId;
      return operatorCommand(
        (context) => kolOps.voidCommission(depsOf(context), CLI_ACTOR, input),
        (outcome) =>
          outcome.result === 'voided'
            ? `commission ${id} voided`
            : `commission ${id} was settled: clawback ${outcome.clawbackId} nets it against the next payout`,
      );
    }
    case 'settings': {
      const args = new Args(rest);
      const windowDays = args.int('refund-window-days', { min: 0, max: 365 });
      const rate = args.string('cny-usd-rate');
      const micros = rate === undefined ? undefined : parseRate(rate);
      args.done(0);
      return async (context) => {
        const next =
          windowDays !== undefined || micros !== undefined
            ? await kolOps.updateKolSettings(depsOf(context), CLI_ACTOR, {
                ...(windowDays !== undefined ? { refundWindowDays: windowDays } : {}),
                ...(micros !== undefined ? { cnyUsdRateMicros: micros } : {}),
              })
            : await readKolSettings(context.db);
        context.io.out(
          `refund window ${counted(next.refundWindowDays, 'day')}; 1 CNY = ${(next.cnyUsdRateMicros / 1_000_000).toFixed(6)} USD (new commissions only)`,
        );
        return 0;
      };
    }
    case 'ledger-check': {
      new Args(rest).done(0);
      return async ({ db, io }) => {
        const report = await checkKolLedger(db);
        for (const line of report.lines) io.out(line);
        return report.balanced ? 0 : 1;
      };
    }
    default:
      throw new UsageError(
        action === undefined ? 'kol: which action?' : `kol: unknown action "${action}"`,
      );
  }
}
