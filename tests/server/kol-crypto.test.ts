/**
 * The KOL programme against a real local chain (hardhat, the crypto tests' stablecoins), on PGlite
 * and PostgreSQL: a recorded payout hash is verified on chain with the crypto module's
 * verifyTokenTransfer (`kol pay` / `kol verify`, as the operator runs them) before the settlement
 * shows as paid, and stays on the operator's word where no chain is configured for the network;
 * a friend's crypto payment from the KOL's own wallet (its payout address, or a wallet it paid its
 * own orders from) is a self-referral and earns nothing. docs/kol.md.
 */
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Errors } from '../../contract';
import type { SettlementView } from '../../contract/endpoints/kol';
import { USD_RATE_MICROS_OF_USD } from '../../contract/kol';
import { runAdmin } from '../../server/admin/cli';
import { adminCapabilities } from '../../server/admin/context';
import {
  kolCommissions,
  kolPayoutRecords,
  kolSettlements,
  messageQueue,
  users,
} from '../../server/db/schema';
import { checkKolLedger } from '../../server/kol/ledger-check';
import { settleKol } from '../../server/kol/settlements';
import type { Registered } from './helpers/accounts';
import {
  CONFIRMATIONS,
  mine,
  pay,
  provenQuote,
  status,
  submit,
  useChainApp,
  useTestChain,
} from './helpers/crypto';
import { friendBuysAYear, newKol, registerInvitee, type TestKol } from './helpers/kol';
import { SANDBOX_SECRET, testPaymentGateways } from './helpers/payments';
import { expectOk } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
/** Standard 12 months in USD (server/store/seed-plans.ts); USDT has 6 decimals. */
const STANDARD_12_USD = 4799;
const usdtOfCents = (cents: number) => BigInt(cents) * 10_000n;

const chain = useTestChain();

describe.each(variants)('KOL programme on chain, $name', (variant) => {
  const t = useChainApp(variant, chain, () => ({
    env: { SANDBOX_SECRET },
    // The local chain stands in for Ethereum mainnet; BSC stays unconfigured.
    overrides: { payoutChainIds: { ethereum: chain.chainId } },
  }));
  afterEach(async () => {
    const report = await checkKolLedger(db());
    expect(report.balanced, report.lines.join('\n')).toBe(true);
  });
  const db = () => t.app.kestrel.database.db;

  /** An operator command, run as `npm run admin` runs it (the CLI's capabilities, the server's chain clients). */
  async function admin(...argv: string[]): Promise<{ code: number; out: string }> {
    const lines: string[] = [];
    const capabilities = adminCapabilities({
      db: db(),
      gateways: testPaymentGateways,
      verifyTokenTransfer: t.app.kestrel.crypto.verifyTokenTransfer,
      payoutChainIds: { ethereum: chain.chainId },
      dataDir: tmpdir(),
    });
    const code = await runAdmin(argv, {
      io: { out: (l) => lines.push(l), err: (l) => lines.push(l) },
      openDb: async () => db(),
      ...capabilities,
    });
    return { code, out: lines.join('\n') };
  }

  /** Three friends' 12-month purchases (sandbox), matured and settled: $143.97 to pay. */
  async function settlementOf(kol: TestKol) {
    for (let i = 0; i < 3; i += 1) await friendBuysAYear(t, kol.inviteCode);
    await db()
      .update(kolCommissions)
      .set({ availableAt: new Date(Date.now() - 1000) })
      .where(eq(kolCommissions.kolId, kol.userId));
    const settlement = await settleKol(db(), kol.userId, {
      requestedBy: 'kol',
      now: new Date(),
    });
    expect(settlement.amountCents).toBe(3 * STANDARD_12_USD);
    return settlement;
  }
  const settlementRow = async (id: number) =>
    (await db().select().from(kolSettlements).where(eq(kolSettlements.id, id)))[0]!;
  const settlementTab = async (kol: TestKol) =>
    expectOk(
      await t.api.call<{ items: SettlementView[] }>(
        '/api/kol/kol_settlement_list',
        {},
        { token: kol.token },
      ),
    ).items;

  it('a payout hash is verified on chain before the settlement shows as paid: short, misdirected and unconfirmed transfers leave it processing', async () => {
    const address = chain.accounts[60]!;
    const kol = await newKol(t.api, db(), { payout: { network: 'ethereum', address } });
    const settlement = await settlementOf(kol);
    const operator = chain.nextPayer();
    const due = usdtOfCents(settlement.amountCents);

    // A note longer than the console takes (500 characters) is refused before the chain is asked.
    const longNote = await admin(
      'kol',
      'pay',
      String(settlement.id),
      ...['--tx', `0x${'ab'.repeat(32)}`, '--note', 'n'.repeat(501)],
    );
    expect(longNote.code).toBe(1);
    expect(longNote.out).toContain(Errors.REASON_TOO_LONG.en);
    expect(await settlementRow(settlement.id)).toMatchObject({
      status: 'processing',
      txHash: null,
    });

    // One cent short.
    const short = await pay(chain, {
      symbol: 'USDT',
      from: operator,
      to: address,
      amount: due - 10_000n,
    });
    await mine(chain.url, CONFIRMATIONS);
    let ran = await admin('kol', 'pay', String(settlement.id), '--tx', short);
    expect(ran.code).toBe(1);
    expect(ran.out).toMatch(/processing, hash rejected \(the transaction sends less USDT/);
    expect(await settlementRow(settlement.id)).toMatchObject({
      status: 'processing',
      paidAt: null,
    });

    // The full amount, to somebody else.
    const elsewhere = await pay(chain, {
      symbol: 'USDT',
      from: operator,
      to: chain.accounts[61]!,
      amount: due,
    });
    await mine(chain.url, CONFIRMATIONS);
    ran = await admin('kol', 'pay', String(settlement.id), '--tx', elsewhere, '--correct');
    expect(ran.code).toBe(1);
    expect(ran.out).toMatch(/sends no USDT to the payout address/);

    // The right transfer, freshly mined: 1 of 3 confirmations, processing until the chain confirms.
    const right = await pay(chain, { symbol: 'USDT', from: operator, to: address, amount: due });
    ran = await admin('kol', 'pay', String(settlement.id), '--tx', right, '--correct');
    expect(ran.code).toBe(0);
    expect(ran.out).toContain(
      `processing, hash unverified (1 of ${CONFIRMATIONS} confirmations so far)`,
    );
    expect((await settlementTab(kol))[0]).toMatchObject({
      status: 'processing',
      paidAt: null,
      txHash: right,
    });

    await mine(chain.url, CONFIRMATIONS - 1);
    ran = await admin('kol', 'verify', String(settlement.id));
    expect(ran.code).toBe(0);
    expect(ran.out).toContain(`settlement ${settlement.id}: paid, hash verified`);
    expect(await settlementRow(settlement.id)).toMatchObject({
      status: 'paid',
      verification: 'verified',
      txHash: right,
    });
    expect((await settlementTab(kol))[0]).toMatchObject({ status: 'paid', txHash: right });
    const records = await db()
      .select()
      .from(kolPayoutRecords)
      .where(eq(kolPayoutRecords.settlementId, settlement.id))
      .orderBy(kolPayoutRecords.id);
    expect(records.map((r) => [r.txHash, r.verification])).toEqual([
      [short, 'rejected'],
      [elsewhere, 'rejected'],
      [right, 'unverified'],
      [right, 'verified'],
    ]);
    // A hash that pays one settlement cannot pay another.
    const other = await settlementOf(
      await newKol(t.api, db(), { payout: { network: 'ethereum', address } }),
    );
    ran = await admin('kol', 'pay', String(other.id), '--tx', right);
    expect(ran.code).toBe(1);
    expect(ran.out).toContain(`already pays settlement ${settlement.id}`);
  });

  it("where no chain is configured for the payout network, the operator's word stands: paid, unverified", async () => {
    const kol = await newKol(t.api, db(), {
      payout: { network: 'bsc', address: chain.accounts[62]! },
    });
    const settlement = await settlementOf(kol);
    const hash = `0x${'cd'.repeat(32)}`;
    const ran = await admin('kol', 'pay', String(settlement.id), '--tx', hash);
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(/paid, hash unverified \(no USDT on chain 56 is configured/);
    expect(await settlementRow(settlement.id)).toMatchObject({
      status: 'paid',
      verification: 'unverified',
    });
  });

  it('tells the KOL once that the payout was sent, with its transaction, when the settlement is paid', async () => {
    const kol = await newKol(t.api, db(), {
      payout: { network: 'bsc', address: chain.accounts[63]! },
    });
    await db()
      .update(users)
      .set({ email: `${kol.username}@example.org` })
      .where(eq(users.id, kol.userId));
    const settlement = await settlementOf(kol);
    const hash = `0x${'ef'.repeat(32)}`;
    expect((await admin('kol', 'pay', String(settlement.id), '--tx', hash)).code).toBe(0);
    const queued = () =>
      db()
        .select({
          key: messageQueue.dedupeKey,
          subject: messageQueue.subject,
          body: messageQueue.body,
        })
        .from(messageQueue)
        .where(eq(messageQueue.userId, kol.userId));
    const [message, ...more] = await queued();
    expect(more).toEqual([]);
    expect(message!.key).toBe(`kol-payout:${settlement.id}`);
    // In the language the KOL signed up in (the test client's English).
    expect(message!.subject).toMatch(/^Kestrel VPN: your commission of \d+\.\d{2} USDT was paid$/);
    expect(message!.body).toContain(hash);
    // The same hash again, or a correction: no second message.
    await admin('kol', 'pay', String(settlement.id), '--tx', hash);
    await admin('kol', 'pay', String(settlement.id), '--tx', `0x${'ab'.repeat(32)}`, '--correct');
    expect(await queued()).toHaveLength(1);
  });

  describe('self-referral by wallet', () => {
    async function payByCrypto(user: Registered, payer: `0x${string}`) {
      const q = await provenQuote(t.api, chain, user.token, {
        chainId: chain.chainId,
        payer,
        productId: 104,
      });
      const hash = await pay(chain, { symbol: 'USDT', from: payer, amount: q.amount });
      expectOk(await submit(t.api, user.token, q.orderId, hash));
      await mine(chain.url, CONFIRMATIONS);
      expect(await status(t.api, user.token, q.orderId)).toMatchObject({ state: 'paid' });
      return q.orderId;
    }
    const commissionOfOrder = async (kolId: number) =>
      db().select().from(kolCommissions).where(eq(kolCommissions.kolId, kolId));

    it("a friend's payment from the KOL's payout wallet is held for review; from the friend's own wallet it earns", async () => {
      const wallet = chain.nextPayer();
      const kol = await newKol(t.api, db(), { payout: { network: 'ethereum', address: wallet } });
      await payByCrypto(await registerInvitee(t.api, kol.inviteCode), wallet);
      let rows = await commissionOfOrder(kol.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'held',
        holdSignal: 'wallet',
        holdDetail: `wallet ${wallet.toLowerCase()} is the KOL's payout address`,
        paidUsdCents: STANDARD_12_USD,
        usdRateMicros: USD_RATE_MICROS_OF_USD,
      });

      await payByCrypto(await registerInvitee(t.api, kol.inviteCode), chain.nextPayer());
      rows = await commissionOfOrder(kol.userId);
      expect(rows.map((r) => r.status).sort()).toEqual(['held', 'pending']);
      const summary = expectOk(
        await t.api.call<{ pendingCents: number }>(
          '/api/kol/kol_summary',
          {},
          { token: kol.token },
        ),
      );
      expect(summary.pendingCents).toBe(STANDARD_12_USD);
    });

    it("a wallet the KOL paid its own order from is the KOL's: a friend paying from it is held for review", async () => {
      const kol = await newKol(t.api, db());
      const kolWallet = chain.nextPayer();
      const kolOrderNo = await payByCrypto(kol, kolWallet);
      await payByCrypto(await registerInvitee(t.api, kol.inviteCode), kolWallet);
      const rows = await commissionOfOrder(kol.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'held',
        holdSignal: 'wallet',
        holdDetail: `wallet ${kolWallet.toLowerCase()} paid the KOL's order ${kolOrderNo}`,
        voidReason: null,
      });
    });
  });
});
