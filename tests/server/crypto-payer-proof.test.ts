/**
 * Issue 19 item 1 and item 14 on a real local chain, through the real API, on PGlite and
 * PostgreSQL. Item 1: a quote names a payer address anyone can type, so only a quote whose account
 * proved it controls that wallet (EIP-712 signature; ERC-1271 for a contract wallet) can be paid.
 * The attack of the audit is replayed in both orders of events: an attacker quotes the same plan
 * naming the victim's wallet before the victim does; the victim quotes, proves and pays; the watcher
 * sees the transfer first, or the attacker submits the victim's hash first and polls. Item 14: a
 * retried quote answers the open one instead of piling up orders.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '../../contract/errors';
import type { CryptoQuote } from '../../contract/endpoints/crypto';
import { rowsOf } from '../../server/db/database';
import type { CryptoDeps } from '../../server/crypto/crypto-deps';
import { createChainReaders } from '../../server/crypto/chain-reader';
import { watchOnce } from '../../server/crypto/watcher';
import {
  deployContractWallet,
  transferFromContractWallet,
} from '../../scripts/local-chain/local-chain.mjs';
import { registerByUsername, type Registered } from './helpers/accounts';
import {
  CONFIRMATIONS,
  mine,
  pay,
  prove,
  quote,
  signProof,
  status,
  submit,
  transfersOfOrder,
  useChainApp,
  useTestChain,
} from './helpers/crypto';
import { orderOf, paymentsOf } from './helpers/payments';
import { expectOk, cancelOrder } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const chain = useTestChain();

describe.each(variants)('the payer proves the wallet, on $name', (variant) => {
  const chains = createChainReaders();
  const t = useChainApp(variant, chain, () => ({ overrides: { crypto: { chains } } }));
  const db = () => t.app.kestrel.database.db;
  const watcherDeps = (): CryptoDeps => ({ db: db(), chains, log: silent });
  const watch = async () => expect((await watchOnce(watcherDeps())).errors).toBe(0);

  const quoteFor = async (user: Registered, payer: `0x${string}`, token = 'USDT') =>
    expectOk(await quote(t.api, user.token, { chainId: chain.chainId, payer, token }));
  const proveWith = async (user: Registered, q: CryptoQuote, signer?: `0x${string}`) =>
    prove(t.api, user.token, q.orderId, await signProof(chain, q, signer));

  /** The attacker's quote names the victim's wallet and is older than the victim's. */
  async function attackSetup() {
    const attacker = await registerByUsername(t.api);
    const victim = await registerByUsername(t.api);
    const victimWallet = chain.nextPayer();
    const attackerWallet = chain.nextPayer();
    const bait = await quoteFor(attacker, victimWallet);
    expect(bait.proven).toBe(false);
    // The attacker cannot prove it: a signature from their own wallet, or none that verifies.
    expect((await proveWith(attacker, bait, attackerWallet)).body.code).toBe(
      Errors.CRYPTO_PROOF_WRONG_SIGNER.code,
    );
    expect(
      (await prove(t.api, attacker.token, bait.orderId, `0x${'11'.repeat(65)}`)).body.code,
    ).toBe(Errors.CRYPTO_PROOF_INVALID.code);
    const own = await quoteFor(victim, victimWallet);
    expect(own.amount).toBe(bait.amount);
    expect(own.account).toBe(victim.username);
    // The victim's signature for the victim's order, replayed on the attacker's, proves nothing:
    // over another order it recovers to some other address.
    const victimSignature = await signProof(chain, own);
    expect((await prove(t.api, attacker.token, bait.orderId, victimSignature)).body.code).toBe(
      Errors.CRYPTO_PROOF_WRONG_SIGNER.code,
    );
    const proven = expectOk(await prove(t.api, victim.token, own.orderId, victimSignature));
    expect(proven.proven).toBe(true);
    return { attacker, victim, victimWallet, bait, own };
  }

  async function expectVictimCreditedOnly(s: Awaited<ReturnType<typeof attackSetup>>) {
    expect(await status(t.api, s.victim.token, s.own.orderId)).toMatchObject({
      state: 'paid',
      errorCode: null,
    });
    expect(await paymentsOf(db(), s.own.orderId)).toHaveLength(1);
    expect(await status(t.api, s.attacker.token, s.bait.orderId)).toMatchObject({
      state: 'awaiting',
      received: '0',
    });
    expect((await orderOf(db(), s.bait.orderId))?.status).toBe('pending');
    expect(await paymentsOf(db(), s.bait.orderId)).toHaveLength(0);
    expect(await transfersOfOrder(db(), s.bait.orderId)).toHaveLength(0);
    // Checked in SQL: nothing of the chain is tied to the attacker's order.
    const tied = await db().execute(sql`
      SELECT 'payment' AS what FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE o.order_no = ${s.bait.orderId}
      UNION ALL
      SELECT 'transfer' FROM crypto_transfers t JOIN orders o ON o.id = t.order_id
        WHERE o.order_no = ${s.bait.orderId}`);
    expect(rowsOf(tied)).toEqual([]);
  }

  it('the watcher sees the transfer first: the victim is credited, the older unproven quote naming the same wallet never', async () => {
    const s = await attackSetup();
    const hash = await pay(chain, { symbol: 'USDT', from: s.victimWallet, amount: s.own.amount });
    await watch();
    expect((await transfersOfOrder(db(), s.own.orderId)).map((r) => r.source)).toEqual(['watcher']);
    await mine(chain.url, CONFIRMATIONS);
    await watch();
    expect((await orderOf(db(), s.own.orderId))?.status).toBe('paid');
    // The attacker then hands in the victim's hash and polls: refused, nothing attached.
    expect((await submit(t.api, s.attacker.token, s.bait.orderId, hash)).body.code).toBe(
      Errors.CRYPTO_PROOF_REQUIRED.code,
    );
    await expectVictimCreditedOnly(s);
  });

  it('the attacker submits the victim hash first and polls faster: the victim is credited, the attacker never', async () => {
    const s = await attackSetup();
    const hash = await pay(chain, { symbol: 'USDT', from: s.victimWallet, amount: s.own.amount });
    expect((await submit(t.api, s.attacker.token, s.bait.orderId, hash)).body.code).toBe(
      Errors.CRYPTO_PROOF_REQUIRED.code,
    );
    for (let i = 0; i < 5; i += 1) {
      expect((await status(t.api, s.attacker.token, s.bait.orderId)).state).toBe('awaiting');
    }
    const first = expectOk(await submit(t.api, s.victim.token, s.own.orderId, hash));
    expect(first).toMatchObject({ state: 'confirming', errorCode: null });
    await mine(chain.url, CONFIRMATIONS);
    // The attacker polls and the watcher runs before the victim's page looks again.
    expect((await status(t.api, s.attacker.token, s.bait.orderId)).state).toBe('awaiting');
    await watch();
    await expectVictimCreditedOnly(s);
  });

  it('a smart-contract wallet proves through ERC-1271 and pays', async () => {
    const user = await registerByUsername(t.api);
    const owner = chain.nextPayer();
    const wallet = await deployContractWallet(chain.url, owner);
    const q = await quoteFor(user, wallet);
    // Another key is not the wallet's owner: its contract refuses the signature.
    expect((await proveWith(user, q, chain.nextPayer())).body.code).toBe(
      Errors.CRYPTO_PROOF_WRONG_SIGNER.code,
    );
    expect(expectOk(await proveWith(user, q, owner)).proven).toBe(true);
    const { mintTokens } = await import('../../scripts/local-chain/local-chain.mjs');
    await mintTokens(chain.url, chain.tokens.USDT.address, wallet, BigInt(q.amount));
    const hash = await transferFromContractWallet(chain.url, {
      walletAddress: wallet,
      owner,
      token: chain.tokens.USDT.address,
      to: q.receivingAddress,
      amount: q.amount,
    });
    expectOk(await submit(t.api, user.token, q.orderId, hash));
    await mine(chain.url, CONFIRMATIONS);
    expect((await status(t.api, user.token, q.orderId)).state).toBe('paid');
  });

  it('a proof is refused for an order that is not open or not yours; proving twice changes nothing', async () => {
    const user = await registerByUsername(t.api);
    const payer = chain.nextPayer();
    const q = await quoteFor(user, payer);
    const signature = await signProof(chain, q);
    const stranger = await registerByUsername(t.api);
    expect((await prove(t.api, stranger.token, q.orderId, signature)).body.code).toBe(
      Errors.ORDER_NOT_FOUND.code,
    );
    expectOk(await prove(t.api, user.token, q.orderId, signature));
    const again = expectOk(await prove(t.api, user.token, q.orderId, `0x${'22'.repeat(65)}`));
    expect(again.proven).toBe(true);
    const other = await quoteFor(user, payer, 'USDC');
    await cancelOrder(t.api, user.token, other.orderId);
    expect((await proveWith(user, other)).body.code).toBe(Errors.CRYPTO_QUOTE_EXPIRED.code);
  });

  it('a retried quote answers the open one: no pile of unpaid orders, in parallel too', async () => {
    const user = await registerByUsername(t.api);
    const payer = chain.nextPayer();
    const first = await quoteFor(user, payer);
    for (let i = 0; i < 6; i += 1) {
      const again = await quoteFor(user, payer);
      expect(again.orderId).toBe(first.orderId);
    }
    // After the proof the same quote comes back proven: the page does not ask to sign again.
    expectOk(await proveWith(user, first));
    expect(await quoteFor(user, payer)).toMatchObject({ orderId: first.orderId, proven: true });
    // Another token is another quote.
    expect((await quoteFor(user, payer, 'USDC')).orderId).not.toBe(first.orderId);

    const racer = await registerByUsername(t.api);
    const racerWallet = chain.nextPayer();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => quoteFor(racer, racerWallet)),
    );
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    const pending = await db().execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${racer.userId} AND status = 'pending'`,
    );
    expect(rowsOf<{ n: number }>(pending)[0]!.n).toBe(1);

    // The orders list leads back to the page, which answers the same quote.
    const list = expectOk(
      await t.api.call<{ orders: { orderId: string; payUrl: string | null }[] }>(
        '/api/payment/payment_order',
        {},
        { token: racer.token },
      ),
    );
    expect(list.orders.find((o) => o.orderId === answers[0]!.orderId)?.payUrl).toBe(
      '/crypto-pay/101',
    );

    // A quote with a transaction out is being paid: a new request makes a new order.
    const proven = expectOk(await proveWith(racer, answers[0]!));
    const hash = await pay(chain, { symbol: 'USDT', from: racerWallet, amount: proven.amount });
    expectOk(await submit(t.api, racer.token, proven.orderId, hash));
    expect((await quoteFor(racer, racerWallet)).orderId).not.toBe(proven.orderId);
  });
});
