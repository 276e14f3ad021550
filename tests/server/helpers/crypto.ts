/**
 * Crypto payment test helpers: one local hardhat chain per test file with the stablecoins deployed,
 * the network configured in the app's database, chain readers that can be made to fail, and
 * shortcuts for quotes, transfers and statuses through the real API.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { CryptoQuote, CryptoStatus } from '../../../contract/endpoints/crypto';
import { upsertNetwork } from '../../../server/admin/crypto-admin';
import {
  ChainUnavailableError,
  createChainReaders,
  viemChainReader,
  type ChainReader,
} from '../../../server/crypto/chain-reader';
import type { Db } from '../../../server/db/database';
import { cryptoTransfers, orders } from '../../../server/db/schema';
import { payerProofTypedData } from '../../../contract/payer-proof';
import {
  accounts,
  clients,
  deployStablecoins,
  mine,
  mintTokens,
  rpc,
  startHardhatNode,
  transferTokens,
} from '../../../scripts/local-chain/local-chain.mjs';
import type { ApiClient, CallResult } from './api-client';
import {
  STARTUP_TIMEOUT_MS,
  useStarted,
  useTestApp,
  type TestApp,
  type TestAppOptions,
} from './test-app';
import type { DbVariant } from './test-databases';

export const CONFIRMATIONS = 3;

export interface TestChain {
  readonly url: string;
  readonly chainId: number;
  /** Unlocked accounts: [0] deploys, [1] receives, the rest pay. */
  readonly accounts: readonly `0x${string}`[];
  readonly receiving: `0x${string}`;
  /** USDT: transfer returns nothing (like mainnet); USDC: returns a bool; DAI: 18 decimals; OTHER: not configured. */
  readonly tokens: Record<
    'USDT' | 'USDC' | 'DAI' | 'OTHER',
    { address: `0x${string}`; kind: 'bool' | 'none'; decimals: number }
  >;
  /** Each call hands out an account no other test of the file pays from. */
  nextPayer(): `0x${string}`;
  stop(): Promise<void>;
}

export async function startTestChain(): Promise<TestChain> {
  const node = await startHardhatNode({ accounts: 80 });
  const deployed = await deployStablecoins(node.url, [
    { symbol: 'USDT', decimals: 6, kind: 'none' },
    { symbol: 'USDC', decimals: 6, kind: 'bool' },
    { symbol: 'DAI', decimals: 18, kind: 'bool' },
    { symbol: 'OTHER', decimals: 6, kind: 'bool' },
  ]);
  const all = (await accounts(node.url)) as `0x${string}`[];
  let next = 2;
  return {
    url: node.url,
    chainId: node.chainId,
    accounts: all,
    receiving: all[1]!,
    tokens: deployed,
    nextPayer() {
      const payer = all[next];
      if (!payer) throw new Error('out of test accounts');
      next += 1;
      return payer;
    },
    stop: () => node.stop(),
  };
}

/** Configures the local network (USDT, USDC, DAI; not OTHER) as an operator would. */
export async function configureNetwork(db: Db, chain: TestChain, rpcUrl = chain.url) {
  await upsertNetwork(db, {
    chainId: chain.chainId,
    name: 'Local',
    rpcUrls: [rpcUrl],
    explorerUrl: 'https://explorer.example',
    nativeSymbol: 'ETH',
    confirmations: CONFIRMATIONS,
    receivingAddress: chain.receiving,
    sort: 0,
    tokens: (['USDT', 'USDC', 'DAI'] as const).map((symbol) => ({
      symbol,
      address: chain.tokens[symbol].address,
      decimals: chain.tokens[symbol].decimals,
    })),
  });
}

/**
 * The local chain of a test file: started before its tests, stopped after them. The handle reads
 * the running chain, so a file can write `const chain = useTestChain()` where it held `let chain`
 * and a pair of hooks.
 */
export function useTestChain(): TestChain {
  const running = useStarted('test chain', startTestChain, (started) => started.stop());
  return {
    get url() {
      return running().url;
    },
    get chainId() {
      return running().chainId;
    },
    get accounts() {
      return running().accounts;
    },
    get receiving() {
      return running().receiving;
    },
    get tokens() {
      return running().tokens;
    },
    nextPayer: () => running().nextPayer(),
    stop: () => running().stop(),
  };
}

/**
 * The app of a describe block (useTestApp) with the local chain's network configured in its
 * database, as an operator would before the first quote.
 */
export function useChainApp(
  variant: DbVariant,
  chain: TestChain,
  options: () => TestAppOptions = () => ({}),
): TestApp {
  const t = useTestApp(variant, options);
  beforeAll(async () => {
    await configureNetwork(t.app.kestrel.database.db, chain);
  }, STARTUP_TIMEOUT_MS);
  return t;
}

/** What the readers asked the RPC: calls of each kind, and receipt reads per hash. */
export interface RpcCalls {
  blockNumber: number;
  receipt: number;
  blockTime: number;
  transferLogs: number;
  readonly receiptsOf: Map<string, number>;
}

const noCalls = (): RpcCalls => ({
  blockNumber: 0,
  receipt: 0,
  blockTime: 0,
  transferLogs: 0,
  receiptsOf: new Map(),
});

/**
 * Readers whose RPC can be switched off (`down`), networks answered by a stand-in, and every call
 * to the real chain counted in `state.calls` (`resetCalls()` starts a new count).
 */
export function flakyChains(standIns: Record<number, ChainReader> = {}) {
  const state = { down: false, calls: noCalls() };
  const resetCalls = () => {
    state.calls = noCalls();
  };
  const chains = createChainReaders((chainId, urls) => {
    if (standIns[chainId]) return standIns[chainId]!;
    const real = viemChainReader(chainId, urls);
    const guard =
      <A extends unknown[], R>(
        kind: Exclude<keyof RpcCalls, 'receiptsOf'>,
        call: (...args: A) => Promise<R>,
      ) =>
      (...args: A): Promise<R> => {
        state.calls[kind] += 1;
        if (state.down) return Promise.reject(new ChainUnavailableError(chainId, 'switched off'));
        return call(...args);
      };
    return {
      chainId,
      blockNumber: guard('blockNumber', () => real.blockNumber()),
      receipt: guard('receipt', (hash) => {
        state.calls.receiptsOf.set(hash, (state.calls.receiptsOf.get(hash) ?? 0) + 1);
        return real.receipt(hash);
      }),
      blockTime: guard('blockTime', (n) => real.blockTime(n)),
      transferLogs: guard('transferLogs', (q) => real.transferLogs(q)),
    };
  });
  return { chains, state, resetCalls };
}

export async function quote(
  api: ApiClient,
  token: string,
  params: {
    productId?: number;
    chainId: number;
    token?: string;
    payer: string;
    idempotencyKey?: string;
  },
): Promise<CallResult<CryptoQuote>> {
  return api.call<CryptoQuote>(
    '/api/payment/payment_crypto_quote',
    { productId: 101, token: 'USDT', idempotencyKey: randomUUID(), ...params },
    { token },
  );
}

/** The payer proof of a quote signed by `signer`, an unlocked account of the node (EIP-712). */
export async function signProof(
  chain: Pick<TestChain, 'url'>,
  q: CryptoQuote,
  signer: `0x${string}` = q.payerAddress,
): Promise<`0x${string}`> {
  return clients(chain.url).wallet.signTypedData({ account: signer, ...payerProofTypedData(q) });
}

export async function prove(api: ApiClient, token: string, orderId: string, proof: string) {
  return api.call<CryptoQuote>('/api/payment/payment_crypto_prove', { orderId, proof }, { token });
}

/** Quotes and proves the payer wallet, as the page does; answers the proven quote. */
export async function provenQuote(
  api: ApiClient,
  chain: Pick<TestChain, 'url'>,
  token: string,
  params: Parameters<typeof quote>[2],
): Promise<CryptoQuote> {
  const q = await quote(api, token, params);
  expect(q.body.code, q.body.msg).toBe(200);
  const proven = await prove(api, token, q.body.data.orderId, await signProof(chain, q.body.data));
  expect(proven.body.code, proven.body.msg).toBe(200);
  return proven.body.data;
}

export async function submit(api: ApiClient, token: string, orderId: string, txHash: string) {
  return api.call<CryptoStatus>(
    '/api/payment/payment_crypto_submit',
    { orderId, txHash },
    { token },
  );
}

export async function status(
  api: ApiClient,
  token: string,
  orderId: string,
): Promise<CryptoStatus> {
  const result = await api.call<CryptoStatus>(
    '/api/payment/payment_crypto_status',
    { orderId },
    { token },
  );
  expect(result.body.code, result.body.msg).toBe(200);
  return result.body.data;
}

/** Mints to the payer and sends `amount` of the token to `to` (default: the quote's address). */
export async function pay(
  chain: TestChain,
  input: {
    symbol: keyof TestChain['tokens'];
    from: `0x${string}`;
    to?: `0x${string}`;
    amount: bigint | string;
  },
): Promise<`0x${string}`> {
  const token = chain.tokens[input.symbol];
  await mintTokens(chain.url, token.address, input.from, BigInt(input.amount));
  return transferTokens(chain.url, {
    token: token.address,
    kind: token.kind,
    from: input.from,
    to: input.to ?? chain.receiving,
    amount: input.amount,
  });
}

/** A transfer that reverts (more than the balance), mined in its own block. */
export async function revertedTransfer(chain: TestChain, from: `0x${string}`, amount: bigint) {
  await rpc(chain.url, 'evm_setAutomine', [false]);
  try {
    const hash = await transferTokens(chain.url, {
      token: chain.tokens.USDC.address,
      kind: 'bool',
      from,
      to: chain.receiving,
      amount,
    }).catch(async () => {
      // Estimation refuses a reverting call: send it with a fixed gas limit instead.
      return (await rpc(chain.url, 'eth_sendTransaction', [
        {
          from,
          to: chain.tokens.USDC.address,
          gas: '0x30000',
          data: `0xa9059cbb${chain.receiving.slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`,
        },
      ])) as `0x${string}`;
    });
    await mine(chain.url, 1);
    return hash;
  } finally {
    await rpc(chain.url, 'evm_setAutomine', [true]);
  }
}

export { mine, rpc };

export async function transfersOfOrder(db: Db, orderNo: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  if (!order) return [];
  return db.select().from(cryptoTransfers).where(eq(cryptoTransfers.orderId, order.id));
}
