/**
 * KOL self-referral review (issue 19, item 4; docs/kol.md) through the real HTTP stack, on PGlite
 * and PostgreSQL: a commission whose buyer shares a device id, a sign-up address or a payment
 * account with the KOL is booked 'held' with the signal that matched (the wallet signal is proved on
 * a local chain in kol-crypto.test.ts), never matures by itself and is not available; the operator
 * lists (`kol held`), confirms (it then matures as any other) or voids it; confirmations and voids
 * at once have exactly one effect. A friend on another device and address earns as before. After
 * each test the ledger balances (server/kol/ledger-check.ts).
 */
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_WEB_DEVICE_ID, Errors } from '../../contract';
import { adminCapabilities } from '../../server/admin/context';
import { runAdmin } from '../../server/admin/cli';
import { openDatabase, rowsOf } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';
import { kolCommissions, payments, users } from '../../server/db/schema';
import { checkKolLedger } from '../../server/kol/ledger-check';
import { promoteMatured, runPayoutBatch } from '../../server/kol/settlements';
import { refundOrder } from '../../server/payments/refund-order';
import { PASSWORD, uniqueIp, type Registered } from './helpers/accounts';
import { commissionsOf, newKol, registerInvitee, type TestKol } from './helpers/kol';
import {
  buyOrder,
  postForm,
  sandboxNotification,
  testPaymentGateways,
  type BoughtOrder,
  useSandboxApp,
} from './helpers/payments';
import { expectOk } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
/** Standard 12 months in USD (server/store/seed-plans.ts); the test KOL earns 100 % of it. */
const STANDARD_12_USD = 4799;

interface Summary {
  heldCents: number;
  pendingCents: number;
  availableCents: number;
}

describe.each(variants)('KOL self-referral review on $name', (variant) => {
  const t = useSandboxApp(variant);
  afterEach(async () => {
    const report = await checkKolLedger(db());
    expect(report.balanced, report.lines.join('\n')).toBe(true);
  });
  const db = () => t.app.kestrel.database.db;

  /** Pays the order in the sandbox, optionally naming the paying account as a gateway does. */
  async function pay(user: Registered, fields: Record<string, string> = {}): Promise<BoughtOrder> {
    const order = await buyOrder(t.api, { user, productId: 104, currency: 'USD', method: 'card' });
    const answer = await postForm(t.app, '/pay/notify/sandbox', sandboxNotification(order, fields));
    expect(answer.body).toBe('success');
    return order;
  }
  const summaryOf = (kol: TestKol) =>
    t.api.call<Summary>('/api/kol/kol_summary', {}, { token: kol.token }).then((r) => expectOk(r));
  const listOf = (kol: TestKol) =>
    t.api
      .call<{ items: { id: number; status: string }[] }>(
        '/api/kol/kol_commission_list',
        {},
        { token: kol.token },
      )
      .then((r) => expectOk(r).items);
  /** The KOL signs in again, from this address and device. */
  async function kolSignsIn(kol: TestKol, options: { ip: string; deviceId?: string }) {
    expectOk(
      await t.api.call(
        '/api/user/user_login',
        { account: kol.username, password: PASSWORD },
        {
          ip: options.ip,
          ...(options.deviceId ? { deviceId: options.deviceId, platform: 'windows' } : {}),
        },
      ),
    );
  }
  /** An operator command, as `npm run admin` runs it (inside the running server for PGlite). */
  async function admin(...argv: string[]): Promise<{ code: number; out: string }> {
    const lines: string[] = [];
    const code = await runAdmin(argv, {
      io: { out: (l) => lines.push(l), err: (l) => lines.push(l) },
      openDb: async () => db(),
      ...adminCapabilities({ db: db(), gateways: testPaymentGateways, dataDir: tmpdir() }),
    });
    return { code, out: lines.join('\n') };
  }
  const rowOf = async (id: number) =>
    (await db().select().from(kolCommissions).where(eq(kolCommissions.id, id)))[0]!;
  /** The refund window of every commission of the KOL ends now. */
  const windowEnds = (kolId: number) =>
    db().execute(
      sql`UPDATE kol_commissions SET available_at = now() - interval '1 second' WHERE kol_id = ${kolId}`,
    );
  /**
   * A KOL with one commission held because its friend signed up in the KOL's browser: the id each
   * browser keeps for itself (`web-<uuid>`, issue 19 item 15), sent by both accounts.
   */
  async function heldCommission(): Promise<{ kol: TestKol; id: number }> {
    const kol = await newKol(t.api, db());
    const deviceId = `web-${randomUUID()}`;
    await kolSignsIn(kol, { ip: uniqueIp(), deviceId });
    await pay(await registerInvitee(t.api, kol.inviteCode, { deviceId, platform: 'windows' }));
    const [row] = await commissionsOf(db(), kol.userId);
    expect(row?.status).toBe('held');
    return { kol, id: row!.id };
  }

  it("the audit's case: a second account made in the KOL's own browser with its code is held (device), counted as under review only, and never matures by itself", async () => {
    const { kol, id } = await heldCommission();
    const row = await rowOf(id);
    expect(row).toMatchObject({
      holdSignal: 'device',
      commissionCents: STANDARD_12_USD,
      voidReason: null,
      reviewedAt: null,
    });
    expect(row.holdDetail).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(await summaryOf(kol)).toMatchObject({
      heldCents: STANDARD_12_USD,
      pendingCents: 0,
      availableCents: 0,
    });
    expect(await listOf(kol)).toEqual([expect.objectContaining({ id, status: 'held' })]);

    // Its refund window ends: still held, not available, in no payout.
    await windowEnds(kol.userId);
    await promoteMatured(db(), null, new Date());
    const batch = await runPayoutBatch(db(), new Date());
    expect(batch.settled.filter((s) => s.kolId === kol.userId)).toHaveLength(0);
    expect((await rowOf(id)).status).toBe('held');
    expect(await summaryOf(kol)).toMatchObject({ heldCents: STANDARD_12_USD, availableCents: 0 });
    const payout = await t.api.call('/api/kol/kol_request_payout', {}, { token: kol.token });
    expect(payout.body.data).toMatchObject({ availableCents: 0 });
  });

  it("in the KOL's browser with the shared default web id, the address gives it away: the KOL's sign-up IP, or one it signed in from, holds the commission (signup_ip)", async () => {
    const kol = await newKol(t.api, db());
    const [kolRow] = await db().select().from(users).where(eq(users.id, kol.userId));
    // Recorded at registration.
    expect(kolRow!.signupIp).toMatch(/^10\./);
    const fromKolSignup = await registerInvitee(t.api, kol.inviteCode, {
      ip: kolRow!.signupIp!,
      deviceId: DEFAULT_WEB_DEVICE_ID,
      platform: 'windows',
    });
    const [friendRow] = await db().select().from(users).where(eq(users.id, fromKolSignup.userId));
    expect(friendRow!.signupIp).toBe(kolRow!.signupIp);
    await pay(fromKolSignup);

    const cafe = uniqueIp();
    await kolSignsIn(kol, { ip: cafe });
    await pay(await registerInvitee(t.api, kol.inviteCode, { ip: cafe }));

    const rows = await commissionsOf(db(), kol.userId);
    expect(rows.map((r) => [r.status, r.holdSignal, r.holdDetail])).toEqual([
      ['held', 'signup_ip', `sign-up IP ${kolRow!.signupIp} is the KOL's sign-up IP`],
      ['held', 'signup_ip', `sign-up IP ${cafe}: the KOL signed in from it within 30 days`],
    ]);
  });

  it('a friend whose gateway account paid one of the KOL own orders is held (payment_account); an unusable account name is ignored', async () => {
    const kol = await newKol(t.api, db());
    const account = `buyer-${randomUUID()}@alipay.example`;
    const kolOrder = await pay(kol, { buyer: account });
    const [kolPayment] = await db()
      .select()
      .from(payments)
      .where(
        sql`${payments.orderId} = (SELECT id FROM orders WHERE order_no = ${kolOrder.orderNo})`,
      );
    expect(kolPayment!.payerAccount).toBe(account);

    await pay(await registerInvitee(t.api, kol.inviteCode), { buyer: account });
    await pay(await registerInvitee(t.api, kol.inviteCode), { buyer: `other-${randomUUID()}` });
    await pay(await registerInvitee(t.api, kol.inviteCode), { buyer: 'x'.repeat(200) });
    const rows = await commissionsOf(db(), kol.userId);
    expect(rows.map((r) => [r.status, r.holdSignal, r.holdDetail])).toEqual([
      [
        'held',
        'payment_account',
        `sandbox account ${account} paid the KOL's order ${kolOrder.orderNo}`,
      ],
      ['pending', null, null],
      ['pending', null, null],
    ]);
  });

  it('a genuine referral (its own device and address) is pending and matures as before; it cannot be "confirmed"', async () => {
    const kol = await newKol(t.api, db());
    await kolSignsIn(kol, { ip: uniqueIp(), deviceId: `browser-${randomUUID()}` });
    await pay(
      await registerInvitee(t.api, kol.inviteCode, {
        deviceId: `phone-${randomUUID()}`,
        ip: uniqueIp(),
      }),
    );
    const [row] = await commissionsOf(db(), kol.userId);
    expect(row).toMatchObject({ status: 'pending', holdSignal: null, holdDetail: null });
    expect(await summaryOf(kol)).toMatchObject({ heldCents: 0, pendingCents: STANDARD_12_USD });
    await windowEnds(kol.userId);
    expect(await summaryOf(kol)).toMatchObject({
      pendingCents: 0,
      availableCents: STANDARD_12_USD,
    });
    const refused = await admin('kol', 'confirm', String(row!.id), '--reason', 'looks fine');
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.out).toContain(`commission ${row!.id} is not held for review`);
  });

  it('the operator lists held commissions with what matched and confirms one: it then matures from its payment date like any other', async () => {
    const { kol, id } = await heldCommission();
    const listed = await admin('kol', 'held', '--kol', kol.username);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`^${id}\\s.*47\\.99 USD\\s+device\\s+web-`, 'm'));
    expect(listed.out).toContain('1 held commission');
    expect((await admin('kol', 'commissions', '--status', 'held')).out).toContain(
      'held: device (web-',
    );
    expect((await admin('kol', 'confirm', String(id))).code).toBe(2);
    // The console's rule for a reason (3 to 500 characters) holds here too; nothing changes.
    for (const reason of ['ok', 'x'.repeat(501)]) {
      for (const action of ['confirm', 'void']) {
        const refused = await admin('kol', action, String(id), '--reason', reason);
        expect(refused.code).toBe(1);
        expect(refused.out).toContain(
          reason === 'ok' ? Errors.REASON_REQUIRED.en : Errors.REASON_TOO_LONG.en,
        );
      }
    }
    expect(await rowOf(id)).toMatchObject({ status: 'held', reviewNote: null, voidReason: null });

    const confirmed = await admin('kol', 'confirm', String(id), '--reason', 'siblings, checked');
    expect(confirmed.code).toBe(0);
    expect(confirmed.out).toContain(`commission ${id} confirmed: pending until`);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      holdSignal: 'device',
      reviewNote: 'operator: siblings, checked',
    });
    expect(await summaryOf(kol)).toMatchObject({ heldCents: 0, pendingCents: STANDARD_12_USD });
    await windowEnds(kol.userId);
    expect(await summaryOf(kol)).toMatchObject({ availableCents: STANDARD_12_USD });
    const again = await admin('kol', 'confirm', String(id), '--reason', 'twice');
    expect(again.code).toBe(1);
    expect(again.out).toContain('is not held for review (it is pending)');
    expect((await admin('kol', 'held', '--kol', kol.username)).out).toContain('0 held commissions');
    // The demo KOL (seeded) has one held: a friend who signed up on the KOL's phone.
    expect((await admin('kol', 'held', '--kol', 'kol')).out).toMatch(
      /device\s+demo-kol-phone-7f3a9c21\n1 held commission/,
    );
  });

  it('a voided held commission never becomes available; a refund of a held order voids it too', async () => {
    const { kol, id } = await heldCommission();
    const voided = await admin('kol', 'void', String(id), '--reason', 'same person');
    expect(voided).toMatchObject({ code: 0 });
    await windowEnds(kol.userId);
    await promoteMatured(db(), null, new Date());
    expect(await rowOf(id)).toMatchObject({
      status: 'voided',
      voidReason: 'operator: same person',
      reviewedAt: null,
    });
    expect(await summaryOf(kol)).toMatchObject({
      heldCents: 0,
      pendingCents: 0,
      availableCents: 0,
    });
    expect((await admin('kol', 'confirm', String(id), '--reason', 'late')).code).toBe(1);
    expect((await admin('kol', 'void', String(id), '--reason', 'again')).code).toBe(1);

    const second = await heldCommission();
    const [order] = rowsOf<{ order_no: string }>(
      await db().execute(sql`
        SELECT o.order_no FROM orders o JOIN kol_commissions c ON c.order_id = o.id
        WHERE c.id = ${second.id}`),
    );
    await refundOrder(
      { db: db(), gateways: { byName: () => undefined } as never },
      order!.order_no,
      {
        manual: true,
      },
    );
    expect(await rowOf(second.id)).toMatchObject({
      status: 'voided',
      voidReason: 'order refunded',
    });
  });

  it('eight confirmations at once confirm once; eight voids at once void once; a confirmation racing a void leaves it voided', async () => {
    const { id: confirmId } = await heldCommission();
    const confirms = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin('kol', 'confirm', String(confirmId), '--reason', `operator ${i}`),
      ),
    );
    expect(confirms.map((r) => r.code).sort()).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
    const [confirmed] = rowsOf<{ status: string; review_note: string }>(
      await db().execute(
        sql`SELECT status, review_note FROM kol_commissions WHERE id = ${confirmId}`,
      ),
    );
    expect(confirmed!.status).toBe('pending');
    const winner = confirms.findIndex((r) => r.code === 0);
    expect(confirmed!.review_note).toBe(`operator: operator ${winner}`);

    const { id: voidId } = await heldCommission();
    const voids = await Promise.all(
      Array.from({ length: 8 }, () => admin('kol', 'void', String(voidId), '--reason', 'fraud')),
    );
    expect(voids.map((r) => r.code).sort()).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
    expect(await rowOf(voidId)).toMatchObject({ status: 'voided', voidReason: 'operator: fraud' });

    const raced: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const { id } = await heldCommission();
      raced.push(id);
      const [confirm, voiding] = await Promise.all([
        admin('kol', 'confirm', String(id), '--reason', 'looks fine'),
        admin('kol', 'void', String(id), '--reason', 'same person'),
      ]);
      // The void always lands (a confirmed commission can still be voided); the confirmation only
      // if it came first.
      expect(voiding.code).toBe(0);
      const row = await rowOf(id);
      expect(row.status).toBe('voided');
      expect(row.reviewedAt === null).toBe(confirm.code === 1);
    }
    // Nothing was settled, so nothing was clawed back.
    const ids = [confirmId, voidId, ...raced];
    const [clawbacks] = rowsOf<{ n: number | string }>(
      await db().execute(sql`
        SELECT count(*) AS n FROM kol_commissions
        WHERE kind = 'clawback' AND reverses_id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`),
    );
    expect(Number(clawbacks!.n)).toBe(0);
  });
});

describe('migration 0020 (hold details as values)', () => {
  it("turns an older row's English sentence into the device id, and leaves every other detail", async () => {
    const database = await openDatabase('memory://', tmpdir());
    try {
      const all = await readMigrations();
      const at = all.findIndex((m) => m.name.startsWith('0020_'));
      await migrate(database.db, all.slice(0, at));
      const { db } = database;
      await db.execute(sql`SET session_replication_role = replica`);
      const row = (
        order: number,
        signal: string,
        detail: string,
      ) => sql`(1, 2, ${order}, 'commission', 0, 50, 100,
        'USD', 1000000, 100, 50, 'held', now(), ${signal}, ${detail})`;
      await db.execute(sql`
        INSERT INTO kol_commissions (kol_id, invitee_id, order_id, kind, purchase_type, rate_percent,
          paid_amount, paid_currency, usd_rate_micros, paid_usd_cents, commission_cents, status,
          available_at, hold_signal, hold_detail)
        VALUES ${row(1, 'device', "device web-4f1c is also the KOL's")},
          ${row(2, 'signup_ip', '198.51.100.7')}, ${row(3, 'device', 'already-an-id')}`);
      await db.execute(sql`SET session_replication_role = origin`);
      await migrate(database.db, all);
      const details = rowsOf<{ hold_detail: string }>(
        await db.execute(sql`SELECT hold_detail FROM kol_commissions ORDER BY id`),
      ).map((r) => r.hold_detail);
      expect(details).toEqual(['web-4f1c', '198.51.100.7', 'already-an-id']);
    } finally {
      await database.close();
    }
  });
});
