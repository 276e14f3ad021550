/**
 * The console's KOL section (issue 21, item 7; docs/console.md) through the real HTTP server and
 * database, on PGlite and PostgreSQL: making a KOL, its terms and its end; the review queue (a held
 * commission confirmed, another voided, each with a reason); settling one KOL (twice at once: one
 * settlement); recording a payout hash behind the step-up (twice at once: one record), correcting
 * it, verifying again; the payout batch; the settings and the ledger check; bad input refused in
 * both languages with nothing changed; every change audited, from the CLI as `cli`. Then on a
 * local chain, as tests/server/kol-crypto.test.ts does: a hash recorded in the console is checked
 * against the real USDT transfer (short: rejected; the right one: paid, verified).
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type {
  ConsoleCommission,
  ConsoleKol,
  ConsoleSettlement,
} from '../../contract/endpoints/console-kol';
import type { PayoutNetwork } from '../../contract/kol';
import {
  kolAccounts,
  kolCommissions,
  kolPayoutRecords,
  kolSettlements,
  users,
} from '../../server/db/schema';
import { totpCode } from '../../server/identity/totp';
import { kolTotals } from '../../server/kol/kol-handlers';
import { checkKolLedger } from '../../server/kol/ledger-check';
import { registerByUsername, uniqueIp, uniqueName } from './helpers/accounts';
import {
  Clock,
  CONSOLE_ENV,
  as,
  type ConsoleHelpers,
  withConsole,
  type ConsoleAnswer,
  type EnrolledStaff,
  type SignedIn,
  describeConsole,
} from './helpers/console';
import { CONFIRMATIONS, mine, pay, useChainApp, useTestChain } from './helpers/crypto';
import { TRON_ADDRESS, friendBuysAYear } from './helpers/kol';
import { SANDBOX_SECRET } from './helpers/payments';
import { databaseVariants } from './helpers/test-databases';
import type { TestApp } from './helpers/test-app';

const variants = await databaseVariants();
const E = consoleEndpoints;
/** Standard 12 months in USD (server/store/seed-plans.ts): at 100 %, three of them pass $100. */
const STANDARD_12_USD = 4799;
const HASH = `0x${'ab'.repeat(32)}`;

/** The pieces every block needs: the app, its API, the clock and the database. */
type Env = TestApp & ConsoleHelpers;

/** A member signed up from an address of their own, made a KOL through the console. */
async function consoleKol(
  env: Env,
  staff: SignedIn,
  payout: { network: PayoutNetwork; address: string } = { network: 'tron', address: TRON_ADDRESS },
) {
  const ip = uniqueIp();
  const member = await registerByUsername(env.api, uniqueName('kol'), { ip });
  const made = await env.consoleCall<{ kol: ConsoleKol }>(
    E.consoleKolMake,
    { user: member.username, firstRatePercent: 100, payout },
    as(staff),
  );
  expect(made.body.code, made.body.msg).toBe(200);
  // A KOL earns on payments after it started: the console's clock runs ahead of the payments' real
  // time (each sign-in moves it to the next TOTP step), so the start is moved back a day.
  await env
    .db()
    .update(kolAccounts)
    .set({ startedAt: new Date(Date.now() - 86_400_000) })
    .where(eq(kolAccounts.userId, member.userId));
  const [row] = await env.db().select().from(users).where(eq(users.id, member.userId));
  return { ...member, ip, inviteCode: row!.inviteCode! };
}

/** Every pending commission of the KOL past its refund window (a day ago: before the console's clock). */
async function mature(env: Env, kolId: number) {
  await env
    .db()
    .update(kolCommissions)
    .set({ availableAt: new Date(Date.now() - 86_400_000) })
    .where(eq(kolCommissions.kolId, kolId));
}

const ok = <T>(answer: ConsoleAnswer<T>) => {
  expect(answer.body.code, answer.body.msg).toBe(200);
  return answer.body.data;
};

const refused = (answer: ConsoleAnswer, error: { code: number; en: string }) => {
  expect(answer.body.code, answer.body.msg).toBe(error.code);
};

await describeConsole('the console KOL section', { sandbox: true }, (t) => {
  const { clock, db } = t;
  const call = <T = unknown>(
    endpoint: (typeof E)[keyof typeof E],
    input: Record<string, unknown>,
    staff: SignedIn,
    language?: string,
  ) => t.consoleCall<T>(endpoint, input, as(staff, language));

  let financeMember: EnrolledStaff;
  let finance: SignedIn;
  const signedInFinance = async () => {
    financeMember ??= await t.addAndEnrol(`fin_${uniqueName('k').slice(-8)}`, 'finance');
    finance = await t.signIn(financeMember);
    return finance;
  };

  it('makes a KOL, changes the terms and the payout address, ends it; bad input changes nothing; each change audited', async () => {
    const staff = await signedInFinance();
    const member = await registerByUsername(t.api, uniqueName('kol'), { ip: uniqueIp() });
    const before = {
      kols: ok(await call(E.consoleKolList, {}, staff)),
      audit: await t.auditCount(),
    };

    // Bad input: the rates' bounds, an address of another network, a member who does not exist.
    const zh = await call(
      E.consoleKolMake,
      { user: member.username, firstRatePercent: 10 },
      staff,
      'zh_CN',
    );
    refused(zh, Errors.KOL_FIRST_RATE_INVALID);
    expect(zh.body.msg).toBe(Errors.KOL_FIRST_RATE_INVALID.zh_CN);
    refused(
      await call(
        E.consoleKolMake,
        { user: member.username, firstRatePercent: 30, renewalRatePercent: 26 },
        staff,
      ),
      Errors.KOL_RENEWAL_RATE_INVALID,
    );
    refused(
      await call(
        E.consoleKolMake,
        {
          user: member.username,
          firstRatePercent: 30,
          payout: { network: 'ethereum', address: TRON_ADDRESS },
        },
        staff,
      ),
      Errors.KOL_PAYOUT_ADDRESS_INVALID,
    );
    const unknown = await call(
      E.consoleKolMake,
      { user: 'nobody_at_all', firstRatePercent: 30 },
      staff,
    );
    refused(unknown, Errors.KOL_USER_NOT_FOUND);
    expect(unknown.body.msg).toBe(Errors.KOL_USER_NOT_FOUND.en);
    refused(
      await call(E.consoleKolSet, { kolId: member.userId, renewalRatePercent: 5 }, staff),
      Errors.KOL_NOT_FOUND,
    );
    refused(await call(E.consoleKolEnd, { kolId: member.userId }, staff), Errors.KOL_NOT_FOUND);
    expect(ok(await call(E.consoleKolList, {}, staff))).toEqual(before.kols);
    expect(await t.auditCount()).toBe(before.audit);

    const made = ok(
      await call<{ kol: ConsoleKol }>(
        E.consoleKolMake,
        { user: String(member.userId), firstRatePercent: 60 },
        staff,
      ),
    ).kol;
    expect(made).toMatchObject({
      userId: member.userId,
      username: member.username,
      firstRatePercent: 60,
      renewalRatePercent: 20,
      payoutNetwork: null,
      endedAt: null,
      totals: {
        heldCents: 0,
        pendingCents: 0,
        availableCents: 0,
        processingCents: 0,
        paidCents: 0,
      },
    });
    expect(await t.lastAudit('kol.make')).toMatchObject({
      actorKind: 'staff',
      actorUsername: financeMember.username,
      target: `user:${member.userId}`,
      before: null,
      after: { firstRatePercent: 60, renewalRatePercent: 20, payoutAddress: null },
    });

    const set = ok(
      await call<{ kol: ConsoleKol }>(
        E.consoleKolSet,
        {
          kolId: member.userId,
          renewalRatePercent: 15,
          payout: { network: 'tron', address: TRON_ADDRESS },
        },
        staff,
      ),
    ).kol;
    expect(set).toMatchObject({
      firstRatePercent: 60,
      renewalRatePercent: 15,
      payoutNetwork: 'tron',
      payoutAddress: TRON_ADDRESS,
    });
    expect(await t.lastAudit('kol.set')).toMatchObject({
      before: { renewalRatePercent: 20, payoutAddress: null },
      after: { renewalRatePercent: 15, payoutNetwork: 'tron', payoutAddress: TRON_ADDRESS },
    });
    const cleared = ok(
      await call<{ kol: ConsoleKol }>(
        E.consoleKolSet,
        { kolId: member.userId, payout: null },
        staff,
      ),
    ).kol;
    expect(cleared.payoutAddress).toBeNull();

    const ended = ok(
      await call<{ kol: ConsoleKol }>(E.consoleKolEnd, { kolId: member.userId }, staff),
    ).kol;
    expect(ended.endedAt).not.toBeNull();
    expect((await db().select().from(users).where(eq(users.id, member.userId)))[0]!.isKol).toBe(
      false,
    );
    expect(await t.lastAudit('kol.end')).toMatchObject({ before: { endedAt: null } });
    refused(await call(E.consoleKolEnd, { kolId: member.userId }, staff), Errors.KOL_NOT_FOUND);

    // The CLI's commands are the same functions, audited as the CLI, with their own text.
    const cli = await t.runCli(['kol', 'make', member.username, '--first', '40']);
    expect(cli.code, cli.err.join('\n')).toBe(0);
    expect(cli.out.join('\n')).toContain(
      `user ${member.userId} is a KOL: first 40 %, renewal 15 %`,
    );
    expect(await t.lastAudit('kol.make')).toMatchObject({
      actorKind: 'cli',
      after: { firstRatePercent: 40 },
    });
    const cliSet = await t.runCli(['kol', 'set', 'nobody_at_all', '--first', '40']);
    expect([cliSet.code, cliSet.err.join('\n')]).toEqual([1, 'error: no user nobody_at_all']);
  });

  it('the review queue: a held commission confirmed with a reason, another voided; settling twice at once makes one settlement', async () => {
    const staff = await signedInFinance();
    const kol = await consoleKol(t, staff);
    // Two friends signed up from the KOL's own address: held (signup_ip); three genuine ones.
    await friendBuysAYear(t, kol.inviteCode, { ip: kol.ip });
    await friendBuysAYear(t, kol.inviteCode, { ip: kol.ip });
    const held = ok(
      await call<{ items: ConsoleCommission[]; total: number }>(
        E.consoleKolCommissions,
        { kolId: kol.userId, status: 'held' },
        staff,
      ),
    );
    expect(held.total).toBe(2);
    expect(held.items[0]).toMatchObject({
      status: 'held',
      holdSignal: 'signup_ip',
      commissionCents: STANDARD_12_USD,
    });
    const [second, first] = held.items.map((c) => c.id) as [number, number];

    const audit = await t.auditCount();
    const short = await call(
      E.consoleKolConfirm,
      { commissionId: first, reason: 'ok' },
      staff,
      'zh_CN',
    );
    refused(short, Errors.REASON_REQUIRED);
    expect(short.body.msg).toBe(Errors.REASON_REQUIRED.zh_CN);
    refused(
      await call(E.consoleKolConfirm, { commissionId: 999_999_999, reason: 'checked' }, staff),
      Errors.KOL_COMMISSION_NOT_FOUND,
    );
    expect(await t.auditCount()).toBe(audit);
    expect(
      (await db().select().from(kolCommissions).where(eq(kolCommissions.id, first)))[0]!.status,
    ).toBe('held');

    const confirmed = ok(
      await call<{ commission: ConsoleCommission }>(
        E.consoleKolConfirm,
        { commissionId: first, reason: 'siblings, checked' },
        staff,
      ),
    ).commission;
    expect(confirmed).toMatchObject({
      status: 'pending',
      reviewNote: 'operator: siblings, checked',
    });
    expect(await t.lastAudit('kol.commission-confirm')).toMatchObject({
      target: `kol-commission:${first}`,
      before: { status: 'held' },
      after: { status: 'pending', reason: 'siblings, checked' },
    });
    const again = await call(
      E.consoleKolConfirm,
      { commissionId: first, reason: 'twice over' },
      staff,
    );
    refused(again, Errors.KOL_COMMISSION_NOT_HELD);
    expect(again.body.msg).toBe('This commission is no longer held for review.');
    expect(again.body.data).toEqual({ status: 'pending' });

    const voided = ok(
      await call<{ result: string; commission: ConsoleCommission }>(
        E.consoleKolVoid,
        { commissionId: second, reason: 'same person' },
        staff,
      ),
    );
    expect(voided).toMatchObject({
      result: 'voided',
      commission: { status: 'voided', voidReason: 'operator: same person' },
    });
    expect(await t.lastAudit('kol.commission-void')).toMatchObject({
      before: { status: 'held' },
      after: { status: 'voided', clawbackId: null },
    });
    refused(
      await call(E.consoleKolVoid, { commissionId: second, reason: 'again' }, staff),
      Errors.KOL_COMMISSION_ALREADY_REVERSED,
    );

    // $47.99 available: below the threshold, nothing settled.
    await mature(t, kol.userId);
    const below = await call(E.consoleKolSettle, { kolId: kol.userId }, staff);
    refused(below, Errors.KOL_SETTLE_BELOW_THRESHOLD);
    expect(below.body.data).toEqual({ availableCents: STANDARD_12_USD });

    await friendBuysAYear(t, kol.inviteCode);
    await friendBuysAYear(t, kol.inviteCode);
    await mature(t, kol.userId);
    const settlesBefore = await t.auditCount();
    const both = await Promise.all([
      call<{ settlement: ConsoleSettlement }>(E.consoleKolSettle, { kolId: kol.userId }, staff),
      call<{ settlement: ConsoleSettlement }>(E.consoleKolSettle, { kolId: kol.userId }, staff),
    ]);
    const codes = both.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, Errors.KOL_SETTLE_BELOW_THRESHOLD.code].sort());
    const made = both.find((a) => a.body.code === 200)!.body.data.settlement;
    expect(made).toMatchObject({
      kolId: kol.userId,
      amountCents: 3 * STANDARD_12_USD,
      commissionCount: 3,
      status: 'processing',
      requestedBy: 'operator',
    });
    expect(
      await db()
        .select({ n: count() })
        .from(kolSettlements)
        .where(eq(kolSettlements.kolId, kol.userId)),
    ).toEqual([{ n: 1 }]);
    expect(await t.auditCount()).toBe(settlesBefore + 1);
    expect(await t.lastAudit('kol.settle')).toMatchObject({
      target: `kol-settlement:${made.id}`,
      after: { kolId: kol.userId, amountCents: 3 * STANDARD_12_USD },
    });

    // Voiding a settled commission claws it back against the next payout.
    const clawed = ok(
      await call<{ result: string; clawbackId: number }>(
        E.consoleKolVoid,
        { commissionId: first, reason: 'fraud after all' },
        staff,
      ),
    );
    expect(clawed.result).toBe('clawed-back');
    expect(clawed.clawbackId).toBeGreaterThan(0);

    const list = ok(await call<{ kols: ConsoleKol[] }>(E.consoleKolList, {}, staff)).kols;
    expect(list.find((k) => k.userId === kol.userId)!.totals).toMatchObject({
      processingCents: 3 * STANDARD_12_USD,
      availableCents: -STANDARD_12_USD,
    });
    // The list reads every KOL's totals at once; each is what that KOL's own page shows.
    expect(list.length).toBeGreaterThan(1);
    for (const listed of list)
      expect(listed.totals).toEqual(await kolTotals(db(), listed.userId, clock.date()));
    const settlements = ok(
      await call<{ items: ConsoleSettlement[] }>(
        E.consoleKolSettlements,
        { kolId: kol.userId },
        staff,
      ),
    );
    expect(settlements.items.map((s) => s.id)).toEqual([made.id]);
    const ledger = ok(await call<{ balanced: boolean }>(E.consoleKolLedgerCheck, {}, staff));
    expect(ledger.balanced).toBe(true);
  });

  it('recording a payout hash asks a fresh second factor; twice at once records once; correct it, verify again; the payout batch', async () => {
    const staff = await signedInFinance();
    const kol = await consoleKol(t, staff);
    for (let i = 0; i < 3; i += 1) await friendBuysAYear(t, kol.inviteCode);
    await mature(t, kol.userId);
    const settlement = ok(
      await call<{ settlement: ConsoleSettlement }>(
        E.consoleKolSettle,
        { kolId: kol.userId },
        staff,
      ),
    ).settlement;

    // Six minutes on: the sign-in's code is too old for a money action.
    clock.advance(6 * 60_000);
    const stale = await call(
      E.consoleKolRecordPayout,
      { settlementId: settlement.id, txHash: HASH.slice(2) },
      staff,
    );
    expect(stale.status).toBe(403);
    refused(stale, Errors.STEP_UP_REQUIRED);
    refused(await call(E.consoleKolPayoutBatch, {}, staff), Errors.STEP_UP_REQUIRED);
    clock.nextStep();
    ok(await call(E.consoleStepUp, { code: totpCode(financeMember.secret, clock.now()) }, staff));

    const audit = await t.auditCount();
    const bad = await call(
      E.consoleKolRecordPayout,
      { settlementId: settlement.id, txHash: HASH },
      staff,
      'zh_CN',
    );
    refused(bad, Errors.KOL_TX_HASH_INVALID); // a TRON hash has no 0x
    expect(bad.body.msg).toBe(Errors.KOL_TX_HASH_INVALID.zh_CN);
    refused(
      await call(
        E.consoleKolRecordPayout,
        { settlementId: 999_999_999, txHash: HASH.slice(2) },
        staff,
      ),
      Errors.KOL_SETTLEMENT_NOT_FOUND,
    );
    refused(
      await call(E.consoleKolVerifyPayout, { settlementId: settlement.id }, staff),
      Errors.KOL_NO_HASH_TO_VERIFY,
    );
    expect(await t.auditCount()).toBe(audit);

    // TRON is not read on chain here: the operator's word stands (paid, unverified). Twice at once.
    const tron = HASH.slice(2);
    const both = await Promise.all([
      call<{ settlement: ConsoleSettlement; applied: boolean }>(
        E.consoleKolRecordPayout,
        { settlementId: settlement.id, txHash: tron },
        staff,
      ),
      call<{ settlement: ConsoleSettlement; applied: boolean }>(
        E.consoleKolRecordPayout,
        { settlementId: settlement.id, txHash: tron },
        staff,
      ),
    ]);
    expect(both.map((a) => a.body.code)).toEqual([200, 200]);
    expect(both.map((a) => a.body.data.applied).sort()).toEqual([false, true]);
    for (const a of both)
      expect(a.body.data.settlement).toMatchObject({
        status: 'paid',
        txHash: tron,
        verification: 'unverified',
      });
    const records = () =>
      db().select().from(kolPayoutRecords).where(eq(kolPayoutRecords.settlementId, settlement.id));
    expect(await records()).toHaveLength(1);
    // A third click, later: the same hash is already recorded, nothing changes.
    const third = ok(
      await call<{ applied: boolean }>(
        E.consoleKolRecordPayout,
        { settlementId: settlement.id, txHash: tron },
        staff,
      ),
    );
    expect(third.applied).toBe(false);
    expect(await records()).toHaveLength(1);
    expect(await t.auditCount()).toBe(audit + 1);
    expect(await t.lastAudit('kol.payout-record')).toMatchObject({
      target: `kol-settlement:${settlement.id}`,
      before: { status: 'processing', transfer: null },
      after: { status: 'paid', transfer: tron, verification: 'unverified' },
    });

    // Another hash needs `correct`; then it replaces the first.
    const other = 'cd'.repeat(32);
    refused(
      await call(E.consoleKolRecordPayout, { settlementId: settlement.id, txHash: other }, staff),
      Errors.KOL_TX_HASH_RECORDED,
    );
    const corrected = ok(
      await call<{ settlement: ConsoleSettlement; applied: boolean }>(
        E.consoleKolRecordPayout,
        { settlementId: settlement.id, txHash: other, correct: true, note: 'typo' },
        staff,
      ),
    );
    expect(corrected).toMatchObject({ applied: true, settlement: { txHash: other } });
    const verified = ok(
      await call<{ settlement: ConsoleSettlement }>(
        E.consoleKolVerifyPayout,
        { settlementId: settlement.id },
        staff,
      ),
    );
    expect(verified.settlement.txHash).toBe(other);
    // The operator's note stays through a second look; no English text of ours is added to it.
    expect(verified.settlement.verificationNote).toBe('typo');
    expect(await t.lastAudit('kol.payout-verify')).toMatchObject({
      after: { transfer: other },
    });
    const record = ok(
      await call<{ records: { txHash: string }[] }>(
        E.consoleKolSettlementRecord,
        { settlementId: settlement.id },
        staff,
      ),
    );
    expect(record.records.map((r) => r.txHash)).toEqual([other, other, tron]);

    // The hash of one settlement pays no other.
    const next = await consoleKol(t, staff);
    for (let i = 0; i < 3; i += 1) await friendBuysAYear(t, next.inviteCode);
    await mature(t, next.userId);
    const batch = ok(
      await call<{ settled: ConsoleSettlement[] }>(E.consoleKolPayoutBatch, {}, staff),
    );
    const paidNext = batch.settled.find((s) => s.kolId === next.userId)!;
    expect(paidNext).toMatchObject({ amountCents: 3 * STANDARD_12_USD });
    expect(await t.lastAudit('kol.settle')).toMatchObject({ after: { batch: true } });
    const used = await call(
      E.consoleKolRecordPayout,
      { settlementId: paidNext.id, txHash: other },
      staff,
    );
    refused(used, Errors.KOL_TX_HASH_USED);
    expect(used.body.msg).toBe(`This hash already pays settlement ${settlement.id}.`);
    expect(used.body.data).toEqual({ settlementId: settlement.id });

    // One new hash recorded on two settlements at once: one takes it, the other is told which.
    const last = await consoleKol(t, staff);
    for (let i = 0; i < 3; i += 1) await friendBuysAYear(t, last.inviteCode);
    await mature(t, last.userId);
    const paidThird = ok(
      await call<{ settled: ConsoleSettlement[] }>(E.consoleKolPayoutBatch, {}, staff),
    ).settled.find((s) => s.kolId === last.userId)!;
    const shared = 'ef'.repeat(32);
    const race = await Promise.all(
      [paidNext.id, paidThird.id].map((settlementId) =>
        call<{ settlement: ConsoleSettlement }>(
          E.consoleKolRecordPayout,
          { settlementId, txHash: shared },
          staff,
        ),
      ),
    );
    const winner = race.find((r) => r.body.code === 200)!;
    const loser = race.find((r) => r.body.code !== 200)!;
    refused(loser, Errors.KOL_TX_HASH_USED);
    expect(loser.body.data).toEqual({ settlementId: winner.body.data.settlement.id });
    const [holders] = await db()
      .select({ n: count() })
      .from(kolSettlements)
      .where(eq(kolSettlements.txHash, shared));
    expect(holders!.n).toBe(1);
    expect((await checkKolLedger(db())).balanced).toBe(true);
  });

  it('the settings: refund window and CNY rate, checked; a support member is kept out', async () => {
    const staff = await signedInFinance();
    const audit = await t.auditCount();
    refused(
      await call(E.consoleKolSettingsUpdate, { refundWindowDays: 400, cnyUsdRate: '0.138' }, staff),
      Errors.KOL_REFUND_WINDOW_INVALID,
    );
    const zh = await call(
      E.consoleKolSettingsUpdate,
      { refundWindowDays: 14, cnyUsdRate: '0' },
      staff,
      'zh_CN',
    );
    refused(zh, Errors.KOL_CNY_RATE_INVALID);
    expect(zh.body.msg).toBe(Errors.KOL_CNY_RATE_INVALID.zh_CN);
    expect(await t.auditCount()).toBe(audit);
    const saved = ok(
      await call<{ settings: unknown }>(
        E.consoleKolSettingsUpdate,
        { refundWindowDays: 7, cnyUsdRate: '0.14' },
        staff,
      ),
    );
    expect(saved.settings).toEqual({ refundWindowDays: 7, cnyUsdRateMicros: 140_000 });
    expect(await t.lastAudit('kol.settings')).toMatchObject({
      actorKind: 'staff',
      before: { refundWindowDays: 14, cnyUsdRateMicros: 138_000 },
      after: { refundWindowDays: 7, cnyUsdRateMicros: 140_000 },
    });
    const cli = await t.runCli([
      'kol',
      'settings',
      '--refund-window-days',
      '14',
      '--cny-usd-rate',
      '0.138',
    ]);
    expect(cli.out).toEqual(['refund window 14 days; 1 CNY = 0.138000 USD (new commissions only)']);
    expect(await t.lastAudit('kol.settings')).toMatchObject({
      actorKind: 'cli',
      after: { refundWindowDays: 14 },
    });

    const support = await t.signedInStaff(`sup_${uniqueName('k').slice(-8)}`, 'support');
    for (const [endpoint, input] of [
      [E.consoleKolList, {}],
      [E.consoleKolSettle, { kolId: 1 }],
      [E.consoleKolRecordPayout, { settlementId: 1, txHash: HASH }],
    ] as const) {
      const answer = await t.consoleCall(endpoint, input, as(support));
      expect(answer.status).toBe(403);
      refused(answer, Errors.CONSOLE_FORBIDDEN);
    }
  });
});

const chain = useTestChain();

describe.each(variants)('the console KOL section on a chain, $name', (variant) => {
  const clock = new Clock(Date.now());
  const t = withConsole(
    useChainApp(variant, chain, () => ({
      env: { ...CONSOLE_ENV, SANDBOX_SECRET },
      // The local chain stands in for Ethereum mainnet.
      overrides: { payoutChainIds: { ethereum: chain.chainId }, consoleNow: clock.now },
    })),
    clock,
  );

  it('a payout hash recorded in the console is checked against the USDT transfer: short is rejected, the right one paid and verified', async () => {
    const staff = await t.signedInStaff(`own_${uniqueName('c').slice(-8)}`, 'owner');
    const address = chain.accounts[63]!;
    const kol = await consoleKol(t, staff, { network: 'ethereum', address });
    for (let i = 0; i < 3; i += 1) await friendBuysAYear(t, kol.inviteCode);
    await mature(t, kol.userId);
    const settle = await t.consoleCall<{ settlement: ConsoleSettlement }>(
      E.consoleKolSettle,
      { kolId: kol.userId },
      as(staff),
    );
    const settlement = ok(settle).settlement;
    const due = BigInt(settlement.amountCents) * 10_000n;
    const operator = chain.nextPayer();

    const short = await pay(chain, {
      symbol: 'USDT',
      from: operator,
      to: address,
      amount: due - 10_000n,
    });
    await mine(chain.url, CONFIRMATIONS);
    const rejected = ok(
      await t.consoleCall<{ settlement: ConsoleSettlement }>(
        E.consoleKolRecordPayout,
        { settlementId: settlement.id, txHash: short },
        as(staff),
      ),
    );
    expect(rejected.settlement).toMatchObject({
      status: 'processing',
      verification: 'rejected',
      paidAt: null,
    });
    expect(rejected.settlement.verificationReason).toEqual({ code: 'too_small' });

    const right = await pay(chain, { symbol: 'USDT', from: operator, to: address, amount: due });
    const waiting = ok(
      await t.consoleCall<{ settlement: ConsoleSettlement }>(
        E.consoleKolRecordPayout,
        { settlementId: settlement.id, txHash: right, correct: true },
        as(staff),
      ),
    );
    expect(waiting.settlement).toMatchObject({ status: 'processing', verification: 'unverified' });
    await mine(chain.url, CONFIRMATIONS);
    const verified = ok(
      await t.consoleCall<{ settlement: ConsoleSettlement }>(
        E.consoleKolVerifyPayout,
        { settlementId: settlement.id },
        as(staff),
      ),
    );
    expect(verified.settlement).toMatchObject({
      status: 'paid',
      verification: 'verified',
      txHash: right,
    });
    expect(await t.lastAudit('kol.payout-verify')).toMatchObject({
      before: { status: 'processing', verification: 'unverified' },
      after: { status: 'paid', verification: 'verified' },
    });
  });
});
