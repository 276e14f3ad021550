/**
 * Crypto payment against a real local chain (hardhat@2, stablecoins compiled with solc), through the
 * real API, on PGlite and PostgreSQL: the quote, crediting once after N confirmations, every kind of
 * transaction that must not pay, reorgs, the watcher (tab closed, restarted mid-range, two at once),
 * late payments, an unreachable RPC, and the transfer check other modules call.
 */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/database';
import { runAdmin } from '../../server/admin/cli';
import { adminCapabilities } from '../../server/admin/context';
import { Errors } from '../../contract/errors';
import type { CryptoQuote } from '../../contract/endpoints/crypto';
import type { ChainReader } from '../../server/crypto/chain-reader';
import type { CryptoDeps } from '../../server/crypto/crypto-deps';
import { watchOnce } from '../../server/crypto/watcher';
import {
  cryptoSubmissions,
  cryptoTransfers,
  cryptoWatchCursors,
  planPrices,
} from '../../server/db/schema';
import { registerByUsername, type Registered } from './helpers/accounts';
import {
  CONFIRMATIONS,
  flakyChains,
  mine,
  pay,
  prove,
  quote,
  revertedTransfer,
  signProof,
  rpc,
  status,
  submit,
  transfersOfOrder,
  useChainApp,
  useTestChain,
} from './helpers/crypto';
import {
  flagsOf,
  grantsOf,
  orderOf,
  paymentsOf,
  testPaymentGateways,
  userOf,
} from './helpers/payments';
import { expectOk } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const MINUTE = 60_000;
/** A network the buyer's wallet was not on (a stand-in that has never seen any transaction). */
const OTHER_CHAIN = 99_001;
const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj: object, msg: string) => process.env.DEBUG_CRYPTO && console.error(msg, obj),
};

const chain = useTestChain();

const emptyChain: ChainReader = {
  chainId: OTHER_CHAIN,
  blockNumber: async () => 1_000n,
  receipt: async () => null,
  blockTime: async () => new Date(),
  transferLogs: async () => [],
};

describe.each(variants)('crypto payment on $name', (variant) => {
  const clock = { offsetMs: 0 };
  const faults = { beforeCredit: undefined as undefined | (() => Promise<void>) };
  const { chains, state: rpcState } = flakyChains({ [OTHER_CHAIN]: emptyChain });
  const now = () => new Date(Date.now() + clock.offsetMs);

  const t = useChainApp(variant, chain, () => ({
    overrides: {
      crypto: {
        chains,
        now,
        beforeCreditCheck: async () => faults.beforeCredit?.(),
      },
    },
  }));
  const db = () => t.app.kestrel.database.db;
  const watcherDeps = (extra: Partial<CryptoDeps> = {}): CryptoDeps => ({
    db: db(),
    chains,
    log: silent,
    now,
    ...extra,
  });

  async function buyer(): Promise<{ user: Registered; payer: `0x${string}` }> {
    return { user: await registerByUsername(t.api), payer: chain.nextPayer() };
  }
  /** A quote whose account proved the payer wallet (the page's path: quote, sign, prove). */
  async function quoted(
    who: { user: Registered; payer: `0x${string}` },
    params: { productId?: number; token?: string } = {},
  ): Promise<CryptoQuote> {
    const q = expectOk(
      await quote(t.api, who.user.token, { chainId: chain.chainId, payer: who.payer, ...params }),
    );
    return expectOk(await prove(t.api, who.user.token, q.orderId, await signProof(chain, q)));
  }

  it('offers the configured network and prices the plan in each token', async () => {
    const shop = expectOk(
      await t.api.call<{ cryptoPay: boolean }>('/api/payment/payment_shop', {}),
    );
    expect(shop.cryptoPay).toBe(true);
    const options = expectOk(
      await t.api.call<{
        networks: { chainId: number; tokens: { symbol: string; amount: string }[] }[];
      }>('/api/payment/payment_crypto_options', { productId: 101 }),
    );
    const [network] = options.networks;
    expect(network?.chainId).toBe(chain.chainId);
    // Standard 1 month is $4.99: 6 decimals → 4,990,000; 18 decimals → 4.99e18.
    expect(Object.fromEntries(network!.tokens.map((x) => [x.symbol, x.amount]))).toEqual({
      DAI: '4990000000000000000',
      USDC: '4990000',
      USDT: '4990000',
    });
    const invalid = await t.api.call('/api/payment/payment_crypto_options', { productId: 999 });
    expect(invalid.body.code).toBe(Errors.INVALID_PRODUCT_ID.code);
  });

  it('a quote fixes network, token, amount, addresses, block and a 30-minute expiry; bad choices are refused', async () => {
    const who = await buyer();
    const before = Date.now();
    const q = await quoted(who, { productId: 104, token: 'DAI' });
    expect(q).toMatchObject({
      chainId: chain.chainId,
      tokenSymbol: 'DAI',
      tokenAddress: chain.tokens.DAI.address,
      amount: '47990000000000000000',
      receivingAddress: chain.receiving,
      payerAddress: who.payer,
      confirmations: CONFIRMATIONS,
      price: { amount: 4799, currency: 'USD' },
    });
    const expires = Date.parse(q.expiresAt) - before;
    expect(expires).toBeGreaterThan(29 * MINUTE);
    expect(expires).toBeLessThanOrEqual(30 * MINUTE + 1000);
    const order = await orderOf(db(), q.orderId);
    expect(order).toMatchObject({
      method: 'crypto',
      gateway: 'crypto',
      status: 'pending',
      total: 4799,
    });

    const token = who.user.token;
    const refused = async (params: Parameters<typeof quote>[2]) =>
      (await quote(t.api, token, params)).body.code;
    expect(await refused({ chainId: chain.chainId, token: 'OTHER', payer: who.payer })).toBe(
      Errors.CRYPTO_UNSUPPORTED.code,
    );
    expect(await refused({ chainId: 1, payer: who.payer })).toBe(Errors.CRYPTO_UNSUPPORTED.code);
    expect(await refused({ chainId: chain.chainId, productId: 999, payer: who.payer })).toBe(
      Errors.INVALID_PRODUCT_ID.code,
    );
    expect(await refused({ chainId: chain.chainId, payer: 'not-an-address' })).toBe(
      Errors.BAD_REQUEST.code,
    );
  });

  it('a plan priced only in CNY converts at the rate stored on the quote, rounded up', async () => {
    const who = await buyer();
    await db().delete(planPrices).where(eq(planPrices.planId, 202)).execute();
    await db().insert(planPrices).values({ planId: 202, currency: 'CNY', amount: 5040 });
    expect(
      (
        await quote(t.api, who.user.token, {
          chainId: chain.chainId,
          payer: who.payer,
          productId: 202,
        })
      ).body.code,
    ).toBe(Errors.CRYPTO_UNSUPPORTED.code);
    const { writeCryptoSettings } = await import('../../server/crypto/crypto-config');
    await writeCryptoSettings(db(), { cnyPerUsd: '7.2' });
    const q = await quoted(who, { productId: 202 });
    // ¥50.40 / 7.2 = $7.00 exactly → 7,000,000 base units.
    expect(q.amount).toBe('7000000');
    expect(q.price).toEqual({ amount: 5040, currency: 'CNY' });
    await writeCryptoSettings(db(), { cnyPerUsd: '7.3' });
    // ¥50.40 / 7.3 = 6.904109589...: rounded up to the next base unit.
    expect((await quoted(who, { productId: 202 })).amount).toBe('6904110');
  });

  it('the exact amount is credited once, after N confirmations', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const hash = await pay(chain, { symbol: 'USDT', from: who.payer, amount: q.amount });
    const first = expectOk(await submit(t.api, who.user.token, q.orderId, hash));
    expect(first).toMatchObject({
      state: 'confirming',
      confirmations: 1,
      required: CONFIRMATIONS,
      txHash: hash,
    });
    await mine(chain.url, 1);
    expect(await status(t.api, who.user.token, q.orderId)).toMatchObject({
      state: 'confirming',
      confirmations: 2,
    });
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(0);
    await mine(chain.url, 1);
    const paid = await status(t.api, who.user.token, q.orderId);
    expect(paid).toMatchObject({
      state: 'paid',
      received: q.amount,
      missing: '0',
      errorCode: null,
    });
    expect((await orderOf(db(), q.orderId))?.status).toBe('paid');
    const payments = await paymentsOf(db(), q.orderId);
    expect(payments).toMatchObject([{ gateway: 'crypto', amount: 499, currency: 'USD' }]);
    expect(payments[0]!.tradeNo.startsWith(hash)).toBe(true);
    expect(
      (await grantsOf(db(), who.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
    expect((await userOf(db(), who.user.userId)).planType).toBe(1);
  });

  it('the same hash submitted 20 times (10 in sequence, 10 at once): one credit', async () => {
    const who = await buyer();
    const q = await quoted(who, { token: 'USDC' });
    const hash = await pay(chain, { symbol: 'USDC', from: who.payer, amount: q.amount });
    await mine(chain.url, CONFIRMATIONS);
    for (let i = 0; i < 10; i += 1) {
      expect((await submit(t.api, who.user.token, q.orderId, hash)).body.code).toBe(200);
    }
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => submit(t.api, who.user.token, q.orderId, hash)),
    );
    expect(parallel.map((r) => r.body.data.state)).toEqual(Array(10).fill('paid'));
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(1);
    expect(await transfersOfOrder(db(), q.orderId)).toHaveLength(1);
    expect(
      (await grantsOf(db(), who.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
    expect(await flagsOf(db(), q.orderId)).toHaveLength(0);
  });

  it('transactions that cannot pay are refused, each with its code, and credit nothing', async () => {
    const cases: Array<{
      why: keyof typeof Errors;
      send: (q: CryptoQuote, payer: `0x${string}`) => Promise<`0x${string}`>;
    }> = [
      {
        why: 'CRYPTO_WRONG_RECIPIENT',
        send: (q, payer) =>
          pay(chain, { symbol: 'USDT', from: payer, to: chain.accounts[0]!, amount: q.amount }),
      },
      {
        why: 'CRYPTO_WRONG_TOKEN',
        send: (q, payer) => pay(chain, { symbol: 'OTHER', from: payer, amount: q.amount }),
      },
      {
        why: 'CRYPTO_WRONG_PAYER',
        send: (q) => pay(chain, { symbol: 'USDT', from: chain.nextPayer(), amount: q.amount }),
      },
      {
        why: 'CRYPTO_TX_FAILED',
        send: (_q, payer) => revertedTransfer(chain, payer, 10n ** 30n),
      },
    ];
    for (const { why, send } of cases) {
      const who = await buyer();
      const q = await quoted(who);
      const hash = await send(q, who.payer);
      await mine(chain.url, CONFIRMATIONS);
      const answer = expectOk(await submit(t.api, who.user.token, q.orderId, hash));
      expect(answer, why).toMatchObject({ state: 'failed', errorCode: Errors[why].code });
      expect(await paymentsOf(db(), q.orderId)).toHaveLength(0);
      expect((await orderOf(db(), q.orderId))?.status).toBe('pending');
      expect(await grantsOf(db(), who.user.userId)).toHaveLength(0);
    }
  });

  it('a transaction mined before the quote cannot pay it', async () => {
    const who = await buyer();
    const early = await pay(chain, { symbol: 'USDT', from: who.payer, amount: '4990000' });
    await mine(chain.url, 1);
    const q = await quoted(who);
    const answer = expectOk(await submit(t.api, who.user.token, q.orderId, early));
    expect(answer).toMatchObject({
      state: 'failed',
      errorCode: Errors.CRYPTO_TX_BEFORE_QUOTE.code,
    });
  });

  it('too little is not credited; the page learns what arrived; a second transfer within the quote completes it', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const part = 1_000_000n;
    const first = await pay(chain, { symbol: 'USDT', from: who.payer, amount: part });
    await mine(chain.url, CONFIRMATIONS);
    expect(expectOk(await submit(t.api, who.user.token, q.orderId, first))).toMatchObject({
      state: 'underpaid',
      received: String(part),
      missing: String(BigInt(q.amount) - part),
      errorCode: Errors.CRYPTO_UNDERPAID.code,
    });
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(0);
    const rest = await pay(chain, {
      symbol: 'USDT',
      from: who.payer,
      amount: BigInt(q.amount) - part,
    });
    expect(expectOk(await submit(t.api, who.user.token, q.orderId, rest)).state).toBe('confirming');
    await mine(chain.url, CONFIRMATIONS);
    expect((await status(t.api, who.user.token, q.orderId)).state).toBe('paid');
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(1);
  });

  it('too much is credited, and the excess recorded for the operator', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const hash = await pay(chain, {
      symbol: 'USDT',
      from: who.payer,
      amount: BigInt(q.amount) + 10_000n,
    });
    await mine(chain.url, CONFIRMATIONS);
    expect(expectOk(await submit(t.api, who.user.token, q.orderId, hash)).state).toBe('paid');
    const flags = await flagsOf(db(), q.orderId);
    expect(flags).toMatchObject([
      { gateway: 'crypto', reason: 'crypto_overpaid', details: { excess: '10000' } },
    ]);
  });

  it('a transfer reorged away before its confirmations is never credited, and the status says so', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const snapshot = await rpc(chain.url, 'evm_snapshot');
    const hash = await pay(chain, { symbol: 'USDT', from: who.payer, amount: q.amount });
    expect(expectOk(await submit(t.api, who.user.token, q.orderId, hash)).state).toBe('confirming');
    await rpc(chain.url, 'evm_revert', [snapshot]);
    await mine(chain.url, CONFIRMATIONS + 2);
    expect(await status(t.api, who.user.token, q.orderId)).toMatchObject({
      state: 'confirming',
      confirmations: 0,
      errorCode: Errors.CRYPTO_TX_NOT_FOUND.code,
    });
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(0);
    expect((await transfersOfOrder(db(), q.orderId)).map((x) => x.state)).toEqual(['reorged']);
  });

  it('a reorg right before crediting sends the order back to confirming: the receipt is read again', async () => {
    const who = await buyer();
    const q = await quoted(who);
    const snapshot = await rpc(chain.url, 'evm_snapshot');
    const hash = await pay(chain, { symbol: 'USDT', from: who.payer, amount: q.amount });
    await mine(chain.url, CONFIRMATIONS);
    faults.beforeCredit = async () => {
      faults.beforeCredit = undefined;
      await rpc(chain.url, 'evm_revert', [snapshot]);
      await mine(chain.url, CONFIRMATIONS + 1);
    };
    const answer = expectOk(await submit(t.api, who.user.token, q.orderId, hash));
    expect(answer).toMatchObject({
      state: 'confirming',
      errorCode: Errors.CRYPTO_TX_NOT_FOUND.code,
    });
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(0);
    expect((await orderOf(db(), q.orderId))?.status).toBe('pending');
  });

  it('a credit a reorg took back is flagged once for the operator and shown as reversed; the membership stays for the operator to decide', async () => {
    // Two buyers credited, then a reorg deeper than the confirmations drops both transfers: one
    // buyer's page finds it (status), the other's only the watcher (no page open).
    const seen = await buyer();
    const unseen = await buyer();
    const qSeen = await quoted(seen);
    const qUnseen = await quoted(unseen);
    const snapshot = await rpc(chain.url, 'evm_snapshot');
    const hashSeen = await pay(chain, { symbol: 'USDT', from: seen.payer, amount: qSeen.amount });
    const hashUnseen = await pay(chain, {
      symbol: 'USDT',
      from: unseen.payer,
      amount: qUnseen.amount,
    });
    await mine(chain.url, CONFIRMATIONS);
    expect(expectOk(await submit(t.api, seen.user.token, qSeen.orderId, hashSeen)).state).toBe(
      'paid',
    );
    expect(
      expectOk(await submit(t.api, unseen.user.token, qUnseen.orderId, hashUnseen)).state,
    ).toBe('paid');
    const membership = (await userOf(db(), seen.user.userId)).expireTime;
    expect(membership).not.toBeNull();

    await rpc(chain.url, 'evm_revert', [snapshot]);
    await mine(chain.url, CONFIRMATIONS * 3);

    // Asked again and again, by pages and watchers at once: one flag per order.
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => status(t.api, seen.user.token, qSeen.orderId)),
      watchOnce(watcherDeps()),
      watchOnce(watcherDeps()),
    ]);
    // A call that came while another one's read of the hash was out answers what was recorded.
    const states = answers.slice(0, 5).map((a) => (a as { state: string }).state);
    expect(states.filter((s) => s !== 'reversed' && s !== 'paid')).toEqual([]);
    expect(await status(t.api, seen.user.token, qSeen.orderId)).toMatchObject({
      state: 'reversed',
      received: '0',
      missing: qSeen.amount,
      errorCode: Errors.CRYPTO_PAYMENT_REVERSED.code,
    });
    await watchOnce(watcherDeps());
    for (const [q, hash] of [
      [qSeen, hashSeen],
      [qUnseen, hashUnseen],
    ] as const) {
      expect(await flagsOf(db(), q.orderId)).toMatchObject([
        {
          gateway: 'crypto',
          tradeNo: `${hash}:0`,
          reason: 'crypto_reorged_after_credit',
          resolvedAt: null,
          details: { reorged: [`${hash}:0`], quoted: q.amount, onChain: '0' },
        },
      ]);
      expect((await transfersOfOrder(db(), q.orderId)).map((x) => x.state)).toEqual(['reorged']);
      // Left to the operator: still paid, one payment, the membership as it was.
      expect((await orderOf(db(), q.orderId))?.status).toBe('paid');
      expect(await paymentsOf(db(), q.orderId)).toHaveLength(1);
    }
    expect((await userOf(db(), seen.user.userId)).expireTime).toEqual(membership);
    expect((await status(t.api, unseen.user.token, qUnseen.orderId)).state).toBe('reversed');

    // The operator sees it where every payment flag is listed.
    const out: string[] = [];
    const code = await runAdmin(['orders', 'flags'], {
      io: { out: (l) => out.push(l), err: (l) => out.push(l) },
      openDb: async () => db(),
      ...adminCapabilities({ db: db(), gateways: testPaymentGateways, dataDir: tmpdir() }),
    });
    expect(code).toBe(0);
    const listed = out.filter((l) => l.includes('crypto_reorged_after_credit')).join('\n');
    expect(listed).toContain(qSeen.orderId);
    expect(listed).toContain(qUnseen.orderId);
  });

  it('a transaction on another network is never credited and says so', async () => {
    const { upsertNetwork } = await import('../../server/admin/crypto-admin');
    await upsertNetwork(db(), {
      chainId: OTHER_CHAIN,
      name: 'Other',
      rpcUrls: ['http://127.0.0.1:9/'],
      confirmations: 1,
      receivingAddress: chain.receiving,
      tokens: [{ symbol: 'USDT', address: chain.tokens.USDT.address, decimals: 6 }],
    });
    const who = await buyer();
    const unproven = expectOk(
      await quote(t.api, who.user.token, { chainId: OTHER_CHAIN, payer: who.payer }),
    );
    const q = expectOk(
      await prove(t.api, who.user.token, unproven.orderId, await signProof(chain, unproven)),
    );
    // The wallet stayed on the local network and paid there.
    const hash = await pay(chain, { symbol: 'USDT', from: who.payer, amount: q.amount });
    expect(expectOk(await submit(t.api, who.user.token, q.orderId, hash)).state).toBe('confirming');
    clock.offsetMs = MINUTE;
    try {
      expect(await status(t.api, who.user.token, q.orderId)).toMatchObject({
        state: 'failed',
        errorCode: Errors.CRYPTO_WRONG_NETWORK.code,
      });
    } finally {
      clock.offsetMs = 0;
      const { cryptoNetworks } = await import('../../server/db/schema');
      await db().delete(cryptoNetworks).where(eq(cryptoNetworks.chainId, OTHER_CHAIN));
    }
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(0);
    // It is the watcher's to list for the operator: no order on the local network claims it.
  });

  it('one transfer pays one order: a hash already credited to another order is refused', async () => {
    const a = await buyer();
    // Another account of the same person, quoting with the same wallet at the same time.
    const b = { user: await registerByUsername(t.api), payer: a.payer };
    const qa = await quoted(a);
    const qb = await quoted(b);
    const hash = await pay(chain, { symbol: 'USDT', from: a.payer, amount: qa.amount });
    await mine(chain.url, CONFIRMATIONS);
    expect(expectOk(await submit(t.api, a.user.token, qa.orderId, hash)).state).toBe('paid');
    expect(expectOk(await submit(t.api, b.user.token, qb.orderId, hash))).toMatchObject({
      state: 'failed',
      errorCode: Errors.CRYPTO_TX_ALREADY_USED.code,
    });
    expect(await paymentsOf(db(), qb.orderId)).toHaveLength(0);
  });

  it('an unreachable RPC loses nothing: the quote says why, a submitted hash is kept and credited later', async () => {
    const who = await buyer();
    rpcState.down = true;
    try {
      expect(
        (await quote(t.api, who.user.token, { chainId: chain.chainId, payer: who.payer })).body
          .code,
      ).toBe(Errors.CRYPTO_DETAILS_FAILED.code);
    } finally {
      rpcState.down = false;
    }
    const q = await quoted(who);
    const hash = await pay(chain, { symbol: 'USDT', from: who.payer, amount: q.amount });
    rpcState.down = true;
    try {
      const answer = expectOk(await submit(t.api, who.user.token, q.orderId, hash));
      expect(answer).toMatchObject({ state: 'confirming', txHash: hash, confirmations: 0 });
    } finally {
      rpcState.down = false;
    }
    await mine(chain.url, CONFIRMATIONS);
    expect((await status(t.api, who.user.token, q.orderId)).state).toBe('paid');
  });

  it('a late payment within 7 days is credited if the price holds, else left for the operator', async () => {
    // The quotes are made 40 minutes "ago": a transfer now is 10 minutes after they expired.
    clock.offsetMs = -40 * MINUTE;
    const held = await buyer();
    const qHeld = await quoted(held, { productId: 102 });
    const changed = await buyer();
    const qChanged = await quoted(changed, { productId: 103 });
    clock.offsetMs = 0;
    await db().update(planPrices).set({ amount: 2799 }).where(eq(planPrices.planId, 103));
    const a = await pay(chain, { symbol: 'USDT', from: held.payer, amount: qHeld.amount });
    const b = await pay(chain, { symbol: 'USDT', from: changed.payer, amount: qChanged.amount });
    await mine(chain.url, CONFIRMATIONS);
    expect(expectOk(await submit(t.api, held.user.token, qHeld.orderId, a)).state).toBe('paid');
    expect((await flagsOf(db(), qHeld.orderId)).map((f) => f.reason)).toContain('late_payment');
    expect(expectOk(await submit(t.api, changed.user.token, qChanged.orderId, b))).toMatchObject({
      state: 'failed',
      errorCode: Errors.CRYPTO_PRICE_CHANGED.code,
    });
    expect(await paymentsOf(db(), qChanged.orderId)).toHaveLength(0);
    expect((await flagsOf(db(), qChanged.orderId)).map((f) => f.reason)).toEqual([
      'crypto_price_changed',
    ]);
    await db().update(planPrices).set({ amount: 2599 }).where(eq(planPrices.planId, 103));
  });

  it('a payment whose tab was closed is found and credited by the watcher', async () => {
    const who = await buyer();
    const q = await quoted(who);
    await pay(chain, { symbol: 'USDT', from: who.payer, amount: q.amount });
    let report = await watchOnce(watcherDeps());
    expect(report.errors).toBe(0);
    expect((await transfersOfOrder(db(), q.orderId)).map((x) => [x.state, x.source])).toEqual([
      ['confirming', 'watcher'],
    ]);
    await mine(chain.url, CONFIRMATIONS);
    report = await watchOnce(watcherDeps());
    expect(report.errors).toBe(0);
    expect((await orderOf(db(), q.orderId))?.status).toBe('paid');
    expect(await status(t.api, who.user.token, q.orderId)).toMatchObject({ state: 'paid' });
    expect(await paymentsOf(db(), q.orderId)).toHaveLength(1);
  });

  it('the watcher stopped mid-range misses nothing and records nothing twice when it starts again; two watchers at once credit once', async () => {
    const buyers = await Promise.all([buyer(), buyer(), buyer()]);
    const quotes = [];
    for (const who of buyers) quotes.push(await quoted(who));
    // A transfer no quote matches (a stranger's) is listed for the operator, not credited.
    const stranger = chain.nextPayer();
    await pay(chain, { symbol: 'USDC', from: stranger, amount: '1230000' });
    for (const [i, who] of buyers.entries()) {
      await pay(chain, { symbol: 'USDT', from: who.payer, amount: quotes[i]!.amount });
    }
    await mine(chain.url, CONFIRMATIONS);
    const [cursorBefore] = await db().select().from(cryptoWatchCursors);
    let seen = 0;
    const crashing = watcherDeps({
      afterWatchedTransfer: async () => {
        seen += 1;
        if (seen === 2) throw new Error('process killed mid-range');
      },
    });
    expect((await watchOnce(crashing)).errors).toBe(1);
    const [cursorAfterCrash] = await db().select().from(cryptoWatchCursors);
    expect(cursorAfterCrash!.lastBlock).toBe(cursorBefore!.lastBlock);

    const reports = await Promise.all([watchOnce(watcherDeps()), watchOnce(watcherDeps())]);
    expect(reports.map((r) => r.errors)).toEqual([0, 0]);
    for (const q of quotes) {
      expect((await orderOf(db(), q.orderId))?.status).toBe('paid');
      expect(await paymentsOf(db(), q.orderId)).toHaveLength(1);
      expect(await transfersOfOrder(db(), q.orderId)).toHaveLength(1);
    }
    const rows = await db().select().from(cryptoTransfers);
    const keys = rows.map((r) => `${r.txHash}:${r.logIndex}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => r.fromAddress === stranger).map((r) => r.state)).toEqual([
      'unmatched',
    ]);
    // Checked in SQL too: no order holds two payments, no transfer two orders.
    const doubled = await db().execute(
      sql`SELECT order_id FROM payments GROUP BY order_id HAVING count(*) > 1
          UNION ALL
          SELECT order_id FROM crypto_transfers WHERE order_id IS NOT NULL
          GROUP BY chain_id, tx_hash, log_index, order_id HAVING count(*) > 1`,
    );
    expect(rowsOf(doubled)).toEqual([]);
  });

  it('submissions are kept with their verdicts for the operator', async () => {
    const rows = await db().select().from(cryptoSubmissions);
    expect(
      rows.some((r) => r.state === 'refused' && r.errorCode === Errors.CRYPTO_WRONG_TOKEN.code),
    ).toBe(true);
  });

  it('verifyTokenTransfer answers other modules (the KOL payout check)', async () => {
    const verify = t.app.kestrel.crypto.verifyTokenTransfer;
    const to = chain.accounts[70]!;
    const from = chain.nextPayer();
    const hash = await pay(chain, { symbol: 'USDC', from, to, amount: '100000000' });
    const base = { chainId: chain.chainId, txHash: hash, token: chain.tokens.USDC.address, to };
    expect(await verify({ ...base, minAmount: '100000000', minConfirmations: 2 })).toMatchObject({
      ok: false,
      reason: 'unconfirmed',
      confirmations: 1,
    });
    await mine(chain.url, 1);
    expect(await verify({ ...base, minAmount: 100_000_000n, minConfirmations: 2 })).toMatchObject({
      ok: true,
      amount: 100_000_000n,
      from: [from],
      confirmations: 2,
    });
    expect(await verify({ ...base, minAmount: '100000001', minConfirmations: 1 })).toMatchObject({
      ok: false,
      reason: 'too_small',
    });
    expect(await verify({ ...base, to: chain.receiving, minAmount: 1n })).toMatchObject({
      ok: false,
      reason: 'no_transfer',
    });
    expect(await verify({ ...base, txHash: `0x${'ab'.repeat(32)}`, minAmount: 1n })).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(await verify({ ...base, chainId: 5, minAmount: 1n })).toMatchObject({
      ok: false,
      reason: 'network_not_configured',
    });
  });
});
