/**
 * The KOL programme against a real local chain (hardhat, the crypto tests' stablecoins), on PGlite
 * and PostgreSQL: a friend's crypto payment from the KOL's own wallet (its payout address, or a
 * wallet it paid its own orders from) is a self-referral and earns nothing. docs/kol.md.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USD_RATE_MICROS_OF_USD } from '../../contract/kol';
import { kolCommissions } from '../../server/db/schema';
import { checkKolLedger } from '../../server/kol/ledger-check';
import {
  CONFIRMATIONS,
  configureNetwork,
  mine,
  pay,
  quote,
  startTestChain,
  status,
  submit,
  type TestChain,
} from './helpers/crypto';
import { newKol, registerInvitee } from './helpers/kol';
import { SANDBOX_SECRET } from './helpers/payments';
import type { Registered } from './helpers/accounts';
import { expectOk } from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
/** Standard 12 months in USD (server/store/seed-plans.ts); USDT has 6 decimals. */
const STANDARD_12_USD = 4799;

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await chain?.stop();
});

describe.each(variants)('KOL programme on chain, $name', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, {
      env: { SANDBOX_SECRET },
    });
    await configureNetwork(db(), chain);
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    const report = await checkKolLedger(db());
    expect(report.balanced, report.lines.join('\n')).toBe(true);
  });
  const db = () => t.app.kestrel.database.db;

  describe('self-referral by wallet', () => {
    async function payByCrypto(user: Registered, payer: `0x${string}`) {
      const q = expectOk(
        await quote(t.api, user.token, { chainId: chain.chainId, payer, productId: 104 }),
      );
      const hash = await pay(chain, { symbol: 'USDT', from: payer, amount: q.amount });
      expectOk(await submit(t.api, user.token, q.orderId, hash));
      await mine(chain.url, CONFIRMATIONS);
      expect(await status(t.api, user.token, q.orderId)).toMatchObject({ state: 'paid' });
      return q.orderId;
    }
    const commissionOfOrder = async (kolId: number) =>
      db().select().from(kolCommissions).where(eq(kolCommissions.kolId, kolId));

    it("a friend's payment from the KOL's payout wallet is booked voided; from the friend's own wallet it earns", async () => {
      const wallet = chain.nextPayer();
      const kol = await newKol(t.api, db(), { payout: { network: 'ethereum', address: wallet } });
      await payByCrypto(await registerInvitee(t.api, kol.inviteCode), wallet);
      let rows = await commissionOfOrder(kol.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'voided',
        voidReason: "self-referral: paid from the KOL's own payout wallet",
        paidUsdCents: STANDARD_12_USD,
        usdRateMicros: USD_RATE_MICROS_OF_USD,
      });

      await payByCrypto(await registerInvitee(t.api, kol.inviteCode), chain.nextPayer());
      rows = await commissionOfOrder(kol.userId);
      expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'voided']);
      const summary = expectOk(
        await t.api.call<{ pendingCents: number }>(
          '/api/kol/kol_summary',
          {},
          { token: kol.token },
        ),
      );
      expect(summary.pendingCents).toBe(STANDARD_12_USD);
    });

    it("a wallet the KOL paid its own order from is the KOL's: a friend paying from it earns nothing", async () => {
      const kol = await newKol(t.api, db());
      const kolWallet = chain.nextPayer();
      await payByCrypto(kol, kolWallet);
      await payByCrypto(await registerInvitee(t.api, kol.inviteCode), kolWallet);
      const rows = await commissionOfOrder(kol.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'voided',
        voidReason: 'self-referral: paid from a wallet the KOL paid its own orders from',
      });
    });
  });
});
