/**
 * The operator functions of the KOL programme (issue 21, item 7; docs/console.md, docs/kol.md): the
 * console's KOL section and the CLI's `kol` commands both call these. The rules stay in server/kol
 * (makeKol, confirmHeldCommission, reverseKolCommission, settleKol, runPayoutBatch, recordPayout,
 * the settings); these add the audit entry, written in the transaction of the change with the values
 * before and after, and turn the rules' refusals into catalogue errors that keep the CLI's text.
 */
import { eq, sql } from 'drizzle-orm';
import {
  consoleKolConfirm,
  consoleKolRecordPayout,
  consoleKolVoid,
  type ConsoleKol,
} from '../../../contract/endpoints/console-kol';
import { Errors, type ErrorKey } from '../../../contract/errors';
import { rowsOf, type Db } from '../../db/database';
import { kolAccounts, users } from '../../db/schema';
import { reverseKolCommission } from '../../kol/commission-reversal';
import { confirmHeldCommission } from '../../kol/commission-review';
import {
  KolRuleError,
  endKol,
  lockKolAccount,
  makeKol,
  type KolAccount,
  type KolRule,
  type KolTerms,
} from '../../kol/kol-accounts';
import {
  KOL_CONFIG_KEY,
  readKolSettings,
  writeKolSettings,
  type KolSettings,
} from '../../kol/kol-settings';
import type { PayoutVerifier } from '../../kol/payout-verifier';
import {
  SettlementRefused,
  recordPayout,
  runPayoutBatch,
  settleKol,
  type PayoutRecordResult,
  type Settlement,
} from '../../kol/settlements';
import { ApiError } from '../../protocol/api-error';
import { writeAudit, type AuditActor } from '../audit';
import { kolOf } from './kol-record';
import { auditedOperation, type Committed, type OperationStep } from '../audited-operation';
import { checked, checkedBy } from '../checked-input';

export interface KolDeps {
  readonly db: Db;
  readonly now: () => Date;
  /** Checks payout hashes on chain (server/admin/chain-payout-verifier.ts); absent: the operator's word. */
  readonly payoutVerifier?: PayoutVerifier;
}

/**
 * A refusal of the KOL programme: the console answers its catalogue code (and data), the CLI
 * prints `detail`, the text its commands always printed.
 */
export class KolRefused extends ApiError {
  constructor(
    key: ErrorKey,
    readonly detail: string,
    data: Record<string, unknown> | null = null,
  ) {
    super(Errors[key].code, 200, data);
    this.name = 'KolRefused';
  }
}

const RULE_ERRORS: Record<KolRule, ErrorKey> = {
  'no-user': 'KOL_USER_NOT_FOUND',
  'first-rate': 'KOL_FIRST_RATE_INVALID',
  'first-rate-required': 'KOL_FIRST_RATE_INVALID',
  'renewal-rate': 'KOL_RENEWAL_RATE_INVALID',
  address: 'KOL_PAYOUT_ADDRESS_INVALID',
  'no-settlement': 'KOL_SETTLEMENT_NOT_FOUND',
  'hash-format': 'KOL_TX_HASH_INVALID',
  'hash-recorded': 'KOL_TX_HASH_RECORDED',
  'hash-used': 'KOL_TX_HASH_USED',
};

/** Runs a rule; its refusals become KolRefused (the rest is a bug and stays as it is). */
async function refusing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof KolRuleError && error.rule)
      throw new KolRefused(RULE_ERRORS[error.rule], error.message, error.data);
    if (error instanceof SettlementRefused)
      throw new KolRefused(
        error.reason === 'below-threshold'
          ? 'KOL_SETTLE_BELOW_THRESHOLD'
          : error.reason === 'no-payout-address'
            ? 'KOL_SETTLE_NO_ADDRESS'
            : 'KOL_NOT_FOUND',
        error.message,
        error.reason === 'below-threshold' ? { availableCents: error.availableCents } : null,
      );
    throw error;
  }
}

/** A member by user ID or username (not a deleted one), as the CLI's `<user>` names them. */
export async function resolveKolUser(db: Db, ref: string | number): Promise<number> {
  const text = String(ref).trim();
  const condition = /^\d+$/.test(text)
    ? text.length <= 10 && Number(text) <= 2_147_483_647
      ? eq(users.id, Number(text))
      : sql`false`
    : sql`lower(${users.username}) = lower(${text})`;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${condition} AND ${users.deletedAt} IS NULL`);
  if (!user) throw new KolRefused('KOL_USER_NOT_FOUND', `no user ${text}`);
  return user.id;
}

/** What the trail keeps of a KOL's terms (the payout address is no secret: it is paid to). */
const termsOf = (a: KolAccount | undefined) =>
  a
    ? {
        firstRatePercent: a.firstRatePercent,
        renewalRatePercent: a.renewalRatePercent,
        payoutNetwork: a.payoutNetwork,
        payoutAddress: a.payoutAddress,
        endedAt: a.endedAt?.toISOString() ?? null,
      }
    : null;

const kolTarget = (userId: number) => `user:${userId}`;

type Step = OperationStep<KolDeps>;

/**
 * Makes a member a KOL (`make`: a new one, a former one again, or new terms for a current one, as
 * `kol make` always did) or changes a current KOL's terms (`set`: KOL_NOT_FOUND for anyone else).
 */
/** The KOL of `input.user` (a member found by uid, username or e-mail) with the rest of the input. */
async function withKolUser<I extends { user: string | number }>(
  deps: KolDeps,
  input: I,
): Promise<I & { userId: number }> {
  return { ...input, userId: await resolveKolUser(deps.db, input.user) };
}

/**
 * Locks the member's row first, as makeKol does (two changes of one KOL run one after the other),
 * and reads their KOL account as it was.
 */
async function lockKol(tx: Db, userId: number) {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const [before] = await tx.select().from(kolAccounts).where(eq(kolAccounts.userId, userId));
  return before;
}

/** A KOL as the console shows them once their change has committed. */
async function answerKol(
  userId: number,
  { deps, now }: Committed<KolDeps, unknown>,
): Promise<ConsoleKol> {
  return (await kolOf(deps.db, userId, now))!;
}

/**
 * Makes a member a KOL (`make`: a new one, a former one again, or new terms for a current one, as
 * `kol make` always did) or changes a current KOL's terms (`set`: KOL_NOT_FOUND for anyone else).
 */
export const saveKol = auditedOperation(
  (input: { user: string | number; terms: KolTerms; mode: 'make' | 'set' }, deps) =>
    withKolUser(deps, input),
  async ({ tx, now, audit }: Step, input) => {
    const { userId } = input;
    const before = await lockKol(tx, userId);
    if (input.mode === 'set' && (!before || before.endedAt))
      throw new KolRefused('KOL_NOT_FOUND', `user ${input.user} is not a KOL: use kol make`);
    const after = await refusing(() => makeKol(tx, userId, input.terms, now));
    await audit({
      action: before && !before.endedAt ? 'kol.set' : 'kol.make',
      target: kolTarget(userId),
      before: termsOf(before),
      after: termsOf(after),
    });
    return userId;
  },
  answerKol,
);

/** Ends the programme for a KOL: nothing is booked after this; what was earned is still paid. */
export const endKolProgramme = auditedOperation(
  (input: { user: string | number }, deps) => withKolUser(deps, input),
  async ({ tx, now, audit }: Step, { user, userId }) => {
    const before = await lockKol(tx, userId);
    if (!(await endKol(tx, userId, now)))
      throw new KolRefused('KOL_NOT_FOUND', `user ${user} is not a KOL`);
    await audit({
      action: 'kol.end',
      target: kolTarget(userId),
      before: termsOf(before),
      after: { ...termsOf(before), endedAt: now.toISOString() },
    });
    return userId;
  },
  answerKol,
);

/**
 * Takes a commission's locks in a refund's order (its order row, the KOL's account, the row) and
 * reads it; the rule's own function then finds them held by this transaction.
 */
async function lockedCommission(tx: Db, commissionId: number) {
  const [found] = rowsOf<{ kol_id: number; order_id: number | string }>(
    await tx.execute(sql`
      SELECT kol_id, order_id FROM kol_commissions
      WHERE id = ${commissionId} AND kind = 'commission'`),
  );
  if (!found) throw new KolRefused('KOL_COMMISSION_NOT_FOUND', `no commission ${commissionId}`);
  await tx.execute(sql`SELECT id FROM orders WHERE id = ${found.order_id} FOR UPDATE`);
  await lockKolAccount(tx, found.kol_id);
  const [row] = rowsOf<{ status: string; commission_cents: number | string }>(
    await tx.execute(sql`
      SELECT status, commission_cents FROM kol_commissions WHERE id = ${commissionId} FOR UPDATE`),
  );
  return { kolId: found.kol_id, status: row!.status, cents: Number(row!.commission_cents) };
}

const commissionTarget = (id: number) => `kol-commission:${id}`;

/** Confirms a commission held for review: from now on it matures by itself. */
export const confirmCommission = auditedOperation(
  checkedBy(consoleKolConfirm.input),
  async ({ tx, now, audit }: Step, { commissionId, reason }) => {
    const before = await lockedCommission(tx, commissionId);
    const outcome = await confirmHeldCommission(tx, commissionId, `operator: ${reason}`, now);
    if (outcome.result === 'none')
      throw new KolRefused('KOL_COMMISSION_NOT_FOUND', `no commission ${commissionId}`);
    if (outcome.result === 'not-held')
      throw new KolRefused(
        'KOL_COMMISSION_NOT_HELD',
        `commission ${commissionId} is not held for review (it is ${outcome.status})`,
        { status: outcome.status },
      );
    await audit({
      action: 'kol.commission-confirm',
      target: commissionTarget(commissionId),
      before: { kolId: before.kolId, status: before.status, commissionCents: before.cents },
      after: { status: 'pending', availableAt: outcome.availableAt.toISOString(), reason },
    });
    return { availableAt: outcome.availableAt };
  },
);

/** Voids a commission (held or fraud); a settled one is clawed back against the next payout. */
export const voidCommission = auditedOperation(
  checkedBy(consoleKolVoid.input),
  async (
    { tx, now, audit }: Step,
    { commissionId, reason },
  ): Promise<{ result: 'voided' | 'clawed-back'; clawbackId: number | null }> => {
    const before = await lockedCommission(tx, commissionId);
    const outcome = await reverseKolCommission(tx, { commissionId }, `operator: ${reason}`, now);
    if (outcome.result === 'none')
      throw new KolRefused('KOL_COMMISSION_NOT_FOUND', `no commission ${commissionId}`);
    if (outcome.result === 'already')
      throw new KolRefused(
        'KOL_COMMISSION_ALREADY_REVERSED',
        `commission ${commissionId} was already taken back`,
      );
    const clawbackId = outcome.result === 'clawed-back' ? outcome.clawbackId : null;
    await audit({
      action: 'kol.commission-void',
      target: commissionTarget(commissionId),
      before: { kolId: before.kolId, status: before.status, commissionCents: before.cents },
      after: {
        status: outcome.result === 'voided' ? 'voided' : before.status,
        clawbackId,
        reason,
      },
    });
    return { result: outcome.result, clawbackId };
  },
);

const settlementAudit = (s: Settlement) => ({
  kolId: s.kolId,
  amountCents: s.amountCents,
  commissionCount: s.commissionCount,
  payoutNetwork: s.payoutNetwork,
  payoutAddress: s.payoutAddress,
});

const settlementTarget = (id: number) => `kol-settlement:${id}`;

/** Settles one KOL (a former one too): every due commission into one settlement; once. */
export async function settleOneKol(
  deps: KolDeps,
  actor: AuditActor,
  input: { user: string | number },
): Promise<Settlement> {
  const kolId = await resolveKolUser(deps.db, input.user);
  const now = deps.now();
  return refusing(() =>
    settleKol(deps.db, kolId, {
      requestedBy: 'operator',
      now,
      onSettled: (tx, settlement) =>
        writeAudit(tx, actor, {
          action: 'kol.settle',
          target: settlementTarget(settlement.id),
          after: settlementAudit(settlement),
          at: now,
        }),
    }),
  );
}

/** Settles every KOL whose available total reaches the threshold, each in its own transaction. */
export async function payoutBatch(deps: KolDeps, actor: AuditActor) {
  const now = deps.now();
  return runPayoutBatch(deps.db, now, {
    onSettled: (tx, settlement) =>
      writeAudit(tx, actor, {
        action: 'kol.settle',
        target: settlementTarget(settlement.id),
        after: { ...settlementAudit(settlement), batch: true },
        at: now,
      }),
  });
}

/** `transfer`, not `txHash`: the trail redacts keys named like a hash; a payout's is public. */
const payoutAudit = (s: Settlement) => ({
  status: s.status,
  transfer: s.txHash,
  verification: s.verification,
  verificationNote: s.verificationNote,
  verificationReason: s.verificationReason,
});

/**
 * Records (or, with `correct`, replaces) a settlement's payout hash, checked on chain first; `verify`
 * checks the recorded one again. Two recordings at once apply once: the second finds the first's
 * record and changes nothing (`applied: false`).
 */
export async function recordKolPayout(
  deps: KolDeps,
  actor: AuditActor,
  input: { settlementId: number; txHash: string; correct?: boolean; note?: string },
): Promise<PayoutRecordResult> {
  return writePayout(
    deps,
    actor,
    checked(consoleKolRecordPayout.input, input),
    'kol.payout-record',
  );
}

async function writePayout(
  deps: KolDeps,
  actor: AuditActor,
  input: { settlementId: number; txHash: string; correct?: boolean; note?: string | undefined },
  action: 'kol.payout-record' | 'kol.payout-verify',
): Promise<PayoutRecordResult> {
  const now = deps.now();
  return refusing(() =>
    recordPayout(deps.db, input.settlementId, input.txHash, {
      now,
      ...(deps.payoutVerifier ? { verifier: deps.payoutVerifier } : {}),
      correct: input.correct ?? false,
      ...(input.note ? { note: input.note } : {}),
      onRecorded: (tx, before, result) =>
        writeAudit(tx, actor, {
          action,
          target: settlementTarget(input.settlementId),
          before: payoutAudit(before),
          after: payoutAudit(result.settlement),
          at: now,
        }),
    }),
  );
}

/**
 * Checks a settlement's recorded hash on chain again (not yet confirmed, an RPC down). The note the
 * operator wrote with the hash is kept; the check's own reason is a value (docs/kol.md).
 */
export async function verifyKolPayout(
  deps: KolDeps,
  actor: AuditActor,
  input: { settlementId: number },
): Promise<PayoutRecordResult> {
  const recorded = rowsOf<{ tx_hash: string | null; verification_note: string | null }>(
    await deps.db.execute(
      sql`SELECT tx_hash, verification_note FROM kol_settlements WHERE id = ${input.settlementId}`,
    ),
  )[0];
  if (!recorded)
    throw new KolRefused('KOL_SETTLEMENT_NOT_FOUND', `no settlement ${input.settlementId}`);
  if (!recorded.tx_hash)
    throw new KolRefused(
      'KOL_NO_HASH_TO_VERIFY',
      `settlement ${input.settlementId} has no recorded hash`,
    );
  return writePayout(
    deps,
    actor,
    {
      settlementId: input.settlementId,
      txHash: recorded.tx_hash,
      correct: true,
      // The operator's own words stay; that this was a second look is the audit entry's action.
      ...(recorded.verification_note ? { note: recorded.verification_note } : {}),
    },
    'kol.payout-verify',
  );
}

/** Changes the refund window and the CNY rate (commissions booked afterwards only). */
export const updateKolSettings = auditedOperation(
  (input: Partial<KolSettings>) => input,
  async ({ tx, now, audit }: Step, input): Promise<KolSettings> => {
    await tx.execute(sql`SELECT key FROM settings WHERE key = ${KOL_CONFIG_KEY} FOR UPDATE`);
    const before = await readKolSettings(tx);
    const next: KolSettings = {
      refundWindowDays: input.refundWindowDays ?? before.refundWindowDays,
      cnyUsdRateMicros: input.cnyUsdRateMicros ?? before.cnyUsdRateMicros,
    };
    await writeKolSettings(tx, next, now);
    await audit({ action: 'kol.settings', before, after: next });
    return next;
  },
);
