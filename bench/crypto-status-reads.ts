/**
 * Issue 19, item 2 (docs/crypto-pay.md, "What a status call costs the RPC"): what one
 * `payment_crypto_status` call costs with the most forged pending hashes one order can hold.
 * Starts a local hardhat chain and the app on PGlite (through the test harness, every RPC call
 * counted), submits BENCH_HASHES random hashes to one order (default 300; the bound takes what it
 * takes), then times status calls right after a new block (the first one of the block) and again
 * in the same block. Prints figures; exits 0 unless something broke.
 *
 *   npx tsx bench/crypto-status-reads.ts        # CRYPTO_HEAD_TTL_MS as in production (1000)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createWalletClient, http } from 'viem';
import type { CryptoQuote } from '../contract/endpoints/crypto';
import { payerProofTypedData } from '../contract/payer-proof';
import { upsertNetwork } from '../server/admin/crypto-admin';
import {
  createChainReaders,
  viemChainReader,
  type ChainReader,
} from '../server/crypto/chain-reader';
import {
  deployStablecoins,
  mine,
  startHardhatNode,
  accounts,
} from '../scripts/local-chain/local-chain.mjs';
import { startTestApp } from '../tests/server/helpers/test-app';

const HASHES = Number(process.env.BENCH_HASHES ?? 300);
const HEAD_TTL_MS = 1_000;
const ROUNDS = 5;

const calls = { total: 0, receipt: 0, blockNumber: 0 };
const chains = createChainReaders((chainId, urls): ChainReader => {
  const real = viemChainReader(chainId, urls);
  const count =
    <A extends unknown[], R>(
      kind: 'receipt' | 'blockNumber' | null,
      call: (...a: A) => Promise<R>,
    ) =>
    (...args: A) => {
      calls.total += 1;
      if (kind) calls[kind] += 1;
      return call(...args);
    };
  return {
    chainId,
    blockNumber: count('blockNumber', () => real.blockNumber()),
    receipt: count('receipt', (hash) => real.receipt(hash)),
    blockTime: count(null, (n) => real.blockTime(n)),
    transferLogs: count(null, (q) => real.transferLogs(q)),
  };
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const node = await startHardhatNode({ accounts: 4 });
try {
  const tokens = await deployStablecoins(node.url, [{ symbol: 'USDT', decimals: 6, kind: 'none' }]);
  const [, receiving, payer] = (await accounts(node.url)) as `0x${string}`[];
  const t = await startTestApp(
    { name: 'pglite', create: async () => ({ url: 'memory://', drop: async () => undefined }) },
    {
      env: { CRYPTO_HEAD_TTL_MS: String(HEAD_TTL_MS), RATE_LIMIT_API_PER_MINUTE: '1000000' },
      overrides: { crypto: { chains } },
    },
  );
  try {
    const db = t.app.kestrel.database.db;
    await upsertNetwork(db, {
      chainId: node.chainId,
      name: 'Local',
      rpcUrls: [node.url],
      confirmations: 3,
      receivingAddress: receiving!,
      tokens: [{ symbol: 'USDT', address: tokens.USDT.address, decimals: 6 }],
    });
    const call = async (path: string, params: Record<string, unknown>, token?: string) =>
      (await t.api.call<{ state?: string; orderId?: string }>(path, params, { token })).body;
    const registered = await t.api.call('/api/user/register_type_username', {
      username: `bench${randomBytes(4).toString('hex')}`,
      password: 'Bench-password-1',
    });
    const token = String(registered.headers.pragma);
    const quote = await call(
      '/api/payment/payment_crypto_quote',
      { productId: 101, chainId: node.chainId, token: 'USDT', payer, idempotencyKey: randomUUID() },
      token,
    );
    const orderId = quote.data!.orderId!;
    // Only a proven quote takes hashes (issue 19 item 1): the payer signs as the page has it do.
    const wallet = createWalletClient({ transport: http(node.url) });
    const proof = await wallet.signTypedData({
      account: payer!,
      ...payerProofTypedData(quote.data as unknown as CryptoQuote),
    });
    const proven = await call('/api/payment/payment_crypto_prove', { orderId, proof }, token);
    if (proven.code !== 200) throw new Error(`proof refused: ${JSON.stringify(proven)}`);
    let accepted = 0;
    const refusals = new Map<number, number>();
    for (let i = 0; i < HASHES; i += 1) {
      const answer = await call(
        '/api/payment/payment_crypto_submit',
        { orderId, txHash: `0x${randomBytes(32).toString('hex')}` },
        token,
      );
      if (answer.code === 200) accepted += 1;
      else refusals.set(answer.code, (refusals.get(answer.code) ?? 0) + 1);
    }
    const status = async () => {
      const before = { ...calls };
      const started = performance.now();
      const answer = await call('/api/payment/payment_crypto_status', { orderId }, token);
      if (answer.code !== 200) throw new Error(`status answered ${answer.code}`);
      return {
        ms: performance.now() - started,
        rpc: calls.total - before.total,
        receipts: calls.receipt - before.receipt,
      };
    };
    const firstInBlock = [];
    const sameBlock = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await mine(node.url, 1);
      await sleep(HEAD_TTL_MS + 50);
      firstInBlock.push(await status());
      sameBlock.push(await status());
    }
    const line = (name: string, xs: { ms: number; rpc: number; receipts: number }[]) =>
      `${name}: median ${median(xs.map((x) => x.ms)).toFixed(1)} ms, RPC calls ${xs
        .map((x) => x.rpc)
        .join('/')} (receipts ${xs.map((x) => x.receipts).join('/')})`;
    console.log(
      `submitted ${HASHES} forged hashes to one order: ${accepted} accepted, refused ${JSON.stringify(
        Object.fromEntries(refusals),
      )}`,
    );
    console.log(line('status, first call after a new block', firstInBlock));
    console.log(line('status, again in the same block     ', sameBlock));
  } finally {
    await t.close();
  }
} finally {
  await node.stop();
}
