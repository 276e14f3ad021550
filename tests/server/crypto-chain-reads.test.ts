/**
 * What a crypto status call costs the RPC (issue 19, item 2; docs/crypto-pay.md, "What a status
 * call costs the RPC"), on a local hardhat chain, on PGlite and PostgreSQL, with every RPC call
 * counted: forged hashes are refused past the bounds (per order, per user and hour, also when
 * sent at once), each hash is read at most once per new block whatever the number of status calls
 * and processes, the head at most once per CRYPTO_HEAD_TTL_MS per process, and a real payment is
 * still credited at its confirmations.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Errors } from '../../contract/errors';
import type { CryptoQuote } from '../../contract/endpoints/crypto';
import { createChainHeads } from '../../server/crypto/chain-heads';
import type { CryptoDeps } from '../../server/crypto/crypto-deps';
import { loadQuotedOrder } from '../../server/crypto/quoted-order';
import { settleOrder } from '../../server/crypto/settle-order';
import {
  MAX_NEW_HASHES_PER_USER,
  MAX_PENDING_HASHES_PER_ORDER,
} from '../../server/crypto/submit-hash';
import { rowsOf } from '../../server/db/database';
import { cryptoSubmissions, cryptoTxReads } from '../../server/db/schema';
import { registerByUsername, type Registered } from './helpers/accounts';
import {
  CONFIRMATIONS,
  flakyChains,
  mine,
  pay,
  provenQuote,
  rpc,
  status,
  submit,
  useChainApp,
  useTestChain,
} from './helpers/crypto';
import { orderOf, paymentsOf } from './helpers/payments';
import { expectOk } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const MINUTE = 60_000;
/** The app's head cache (CRYPTO_HEAD_TTL_MS), short so the tests can wait it out. */
const HEAD_TTL_MS = 1_500;
/** Waits until the app's cached head is stale: its next status call reads the chain's head. */
const nextHeadRead = () => sleep(HEAD_TTL_MS + 100);
const forged = () => `0x${randomBytes(32).toString('hex')}` as `0x${string}`;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const chain = useTestChain();

describe.each(variants)('crypto chain reads on $name', (variant) => {
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const counted = flakyChains();

  const t = useChainApp(variant, chain, () => ({
    env: { CRYPTO_HEAD_TTL_MS: String(HEAD_TTL_MS) },
    overrides: { crypto: { chains: counted.chains, now } },
  }));
  const db = () => t.app.kestrel.database.db;

  async function buyer(): Promise<{ user: Registered; payer: `0x${string}` }> {
    return { user: await registerByUsername(t.api), payer: chain.nextPayer() };
  }
  /** A proven quote, as the page makes it; a repeated quote for one plan is the same order (item 14). */
  async function quoted(
    who: { user: Registered; payer: `0x${string}` },
    productId = 101,
  ): Promise<CryptoQuote> {
    return provenQuote(t.api, chain, who.user.token, {
      productId,
      chainId: chain.chainId,
      payer: who.payer,
    });
  }
  async function submissionsOf(orderNo: string) {
    const order = await orderOf(db(), orderNo);
    return db().select().from(cryptoSubmissions).where(eq(cryptoSubmissions.orderId, order!.id));
  }

  it('forged hashes are refused past 5 pending per order and 10 new per user an hour; a refusal records nothing, a repeat is free', async () => {
    expect([MAX_PENDING_HASHES_PER_ORDER, MAX_NEW_HASHES_PER_USER]).toEqual([5, 10]);
    const who = await buyer();
    const token = who.user.token;
    const [a, b, c] = [await quoted(who, 101), await quoted(who, 102), await quoted(who, 103)];
    const onA = Array.from({ length: 5 }, forged);
    for (const hash of onA) {
      expect(expectOk(await submit(t.api, token, a.orderId, hash)).state).toBe('confirming');
    }
    const sixth = await submit(t.api, token, a.orderId, forged());
    expect(sixth.body.code).toBe(Errors.CRYPTO_TOO_MANY_PENDING_TX.code);
    // The page sending the same hash again (a retry) is no new hash.
    expect(expectOk(await submit(t.api, token, a.orderId, onA[0]!)).state).toBe('confirming');
    expect(await submissionsOf(a.orderId)).toHaveLength(5);

    for (let i = 0; i < 5; i += 1) expectOk(await submit(t.api, token, b.orderId, forged()));
    const eleventh = await submit(t.api, token, c.orderId, forged());
    expect(eleventh.body.code).toBe(Errors.CRYPTO_SUBMIT_LIMITED.code);
    expect(eleventh.body.msg).toBe(Errors.CRYPTO_SUBMIT_LIMITED.en);
    const zh = await t.api.call(
      '/api/payment/payment_crypto_submit',
      { orderId: c.orderId, txHash: forged() },
      { token, language: 'zh_CN' },
    );
    expect(zh.body.msg).toBe(Errors.CRYPTO_SUBMIT_LIMITED.zh_CN);
    expect(await submissionsOf(c.orderId)).toHaveLength(0);

    // An hour later the account may submit again.
    clock.offsetMs = 61 * MINUTE;
    try {
      expectOk(await submit(t.api, token, c.orderId, forged()));
    } finally {
      clock.offsetMs = 0;
    }
    expect(await submissionsOf(c.orderId)).toHaveLength(1);
  });

  it('hashes sent at once cannot pass the bound together', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => submit(t.api, who.user.token, q.orderId, forged())),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_PENDING_HASHES_PER_ORDER);
    expect(codes.filter((c) => c === Errors.CRYPTO_TOO_MANY_PENDING_TX.code)).toHaveLength(7);
    const order = await orderOf(db(), q.orderId);
    const counted = rowsOf<{ n: number | string }>(
      await db().execute(
        sql`SELECT count(*) AS n FROM crypto_submissions WHERE order_id = ${order!.id}`,
      ),
    );
    expect(Number(counted[0]!.n)).toBe(MAX_PENDING_HASHES_PER_ORDER);
  });

  it('status calls in one block read each pending hash at most once, in every process; the next block once more', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const hashes = Array.from({ length: MAX_PENDING_HASHES_PER_ORDER }, forged);
    await nextHeadRead();
    for (const hash of hashes) expectOk(await submit(t.api, who.user.token, q.orderId, hash));
    const statusCalls = async (n: number) => {
      const started = Date.now();
      await Promise.all(Array.from({ length: n }, () => status(t.api, who.user.token, q.orderId)));
      for (let i = 0; i < n; i += 1) await status(t.api, who.user.token, q.orderId);
      return Date.now() - started;
    };
    const headReadsAllowed = (elapsedMs: number) => 1 + Math.floor(elapsedMs / HEAD_TTL_MS);

    // Same block as the submissions: they were read then; 40 status calls read nothing more.
    counted.resetCalls();
    let elapsed = await statusCalls(20);
    expect(counted.state.calls.receipt).toBe(0);
    expect(counted.state.calls.blockNumber).toBeLessThanOrEqual(headReadsAllowed(elapsed));

    // A new block: each hash once, however many calls.
    await mine(chain.url, 1);
    await nextHeadRead();
    counted.resetCalls();
    elapsed = await statusCalls(20);
    expect([...counted.state.calls.receiptsOf.values()]).toEqual(hashes.map(() => 1));
    expect(counted.state.calls.receipt).toBe(hashes.length);
    expect(counted.state.calls.blockNumber).toBeLessThanOrEqual(headReadsAllowed(elapsed));
    const head = Number(BigInt((await rpc(chain.url, 'eth_blockNumber')) as string));
    const reads = await db()
      .select()
      .from(cryptoTxReads)
      .where(and(eq(cryptoTxReads.chainId, chain.chainId), inArray(cryptoTxReads.txHash, hashes)));
    expect(reads.map((r) => r.readBlock)).toEqual(hashes.map(() => head));

    // Another process (its own chain clients, no head cache) shares what was read.
    const other = flakyChains();
    const otherDeps: CryptoDeps = {
      db: db(),
      chains: other.chains,
      heads: createChainHeads(0),
      log: silent,
      now,
    };
    const order = (await loadQuotedOrder(db(), { orderNo: q.orderId }))!;
    await settleOrder(otherDeps, order);
    expect(other.state.calls.receipt).toBe(0);
    await mine(chain.url, 1);
    await settleOrder(otherDeps, order);
    await settleOrder(otherDeps, order);
    expect(other.state.calls.receipt).toBe(hashes.length);
    await nextHeadRead();
    counted.resetCalls();
    await statusCalls(5);
    expect(counted.state.calls.receipt).toBe(0);
  });

  it('a real payment is still credited at its confirmations, and once', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const hash = await pay(chain, { symbol: 'USDT', from: who.payer, amount: q.amount });
    await nextHeadRead();
    expect(expectOk(await submit(t.api, who.user.token, q.orderId, hash))).toMatchObject({
      state: 'confirming',
      confirmations: 1,
    });
    await mine(chain.url, CONFIRMATIONS - 1);
    await nextHeadRead();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => status(t.api, who.user.token, q.orderId)),
    );
    // One call reads and credits; a call that came while that read was out answers from what is
    // recorded (confirmed in full, being credited) and the next one says paid.
    const states = answers.map((a) => a.state);
    expect(states).toContain('paid');
    expect(states.filter((s) => s !== 'paid' && s !== 'confirming')).toEqual([]);
    expect((await status(t.api, who.user.token, q.orderId)).state).toBe('paid');
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(1);
  });
});
