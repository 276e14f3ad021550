/**
 * What the crypto module reads from a chain, over JSON-RPC with viem: the latest block, a
 * transaction's receipt with its ERC-20 Transfer logs, a block's time, and the Transfer logs to an
 * address. One client per network (cached), trying its RPC URLs in order (viem's fallback). Every
 * call has a timeout; a failure throws ChainUnavailableError, which callers treat as "ask again
 * later", never as a verdict on the payment.
 */
import {
  createPublicClient,
  erc20Abi,
  fallback,
  http,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type PublicClient,
} from 'viem';

export type Hex = `0x${string}`;

/** One ERC-20 Transfer log, addresses lower-case. */
export interface TransferLog {
  readonly token: Hex;
  readonly from: Hex;
  readonly to: Hex;
  readonly amount: bigint;
  readonly txHash: Hex;
  readonly logIndex: number;
  readonly blockNumber: bigint;
  readonly blockHash: Hex;
}

export interface TxReceipt {
  readonly txHash: Hex;
  readonly succeeded: boolean;
  readonly blockNumber: bigint;
  readonly blockHash: Hex;
  readonly transfers: readonly TransferLog[];
}

export interface ChainReader {
  readonly chainId: number;
  blockNumber(): Promise<bigint>;
  /** null: no such transaction mined (not yet, or no longer after a reorg). */
  receipt(hash: Hex): Promise<TxReceipt | null>;
  blockTime(blockNumber: bigint): Promise<Date>;
  transferLogs(query: {
    tokens: readonly Hex[];
    to: Hex;
    fromBlock: bigint;
    toBlock: bigint;
  }): Promise<TransferLog[]>;
}

export interface ChainReaders {
  readerFor(network: { chainId: number; rpcUrls: readonly string[] }): ChainReader;
}

export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
  constructor(
    readonly chainId: number,
    cause: unknown,
  ) {
    super(`chain ${chainId}: RPC unavailable`, { cause });
  }
}

/** Per RPC request; the fallback moves to the next URL after it. */
export const RPC_TIMEOUT_MS = 8_000;

const lower = (value: string) => value.toLowerCase() as Hex;

/** The fields of a parsed Transfer log this module reads (mined logs: block fields are set). */
interface ParsedTransfer {
  readonly address: string;
  readonly args: { readonly from: string; readonly to: string; readonly value: bigint };
  readonly transactionHash: string | null;
  readonly logIndex: number | null;
  readonly blockNumber: bigint | null;
  readonly blockHash: string | null;
}

function toTransferLogs(logs: readonly ParsedTransfer[]): TransferLog[] {
  const mined: TransferLog[] = [];
  for (const log of logs) {
    if (log.transactionHash === null || log.logIndex === null) continue;
    if (log.blockNumber === null || log.blockHash === null) continue;
    mined.push({
      token: lower(log.address),
      from: lower(log.args.from),
      to: lower(log.args.to),
      amount: log.args.value,
      txHash: lower(log.transactionHash),
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: lower(log.blockHash),
    });
  }
  return mined;
}

export function viemChainReader(chainId: number, rpcUrls: readonly string[]): ChainReader {
  const client: PublicClient = createPublicClient({
    transport: fallback(
      rpcUrls.map((url) => http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 1 })),
    ),
  });
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new ChainUnavailableError(chainId, error);
    }
  };
  return {
    chainId,
    blockNumber: () => guard(() => client.getBlockNumber({ cacheTime: 0 })),
    async receipt(hash) {
      return guard(async () => {
        let receipt;
        try {
          receipt = await client.getTransactionReceipt({ hash });
        } catch (error) {
          if (error instanceof TransactionReceiptNotFoundError) return null;
          throw error;
        }
        return {
          txHash: lower(receipt.transactionHash),
          succeeded: receipt.status === 'success',
          blockNumber: receipt.blockNumber,
          blockHash: lower(receipt.blockHash),
          transfers: toTransferLogs(
            parseEventLogs({
              abi: erc20Abi,
              eventName: 'Transfer',
              logs: receipt.logs,
              strict: true,
            }),
          ),
        };
      });
    },
    blockTime: (blockNumber) =>
      guard(async () => {
        const block = await client.getBlock({ blockNumber });
        return new Date(Number(block.timestamp) * 1000);
      }),
    transferLogs: ({ tokens, to, fromBlock, toBlock }) =>
      guard(async () => {
        if (tokens.length === 0) return [];
        const logs = await client.getLogs({
          address: [...tokens],
          event: erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!,
          args: { to },
          fromBlock,
          toBlock,
          strict: true,
        });
        return toTransferLogs(
          parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs, strict: true }),
        );
      }),
  };
}

/** `make` for each network and RPC list, called once: the same RPC URLs share one client. */
export function perNetwork<T>(
  make: (chainId: number, rpcUrls: readonly string[]) => T,
): (chainId: number, rpcUrls: readonly string[]) => T {
  const made = new Map<string, T>();
  return (chainId, rpcUrls) => {
    const key = `${chainId}|${rpcUrls.join(',')}`;
    let value = made.get(key);
    if (!value) {
      value = make(chainId, rpcUrls);
      made.set(key, value);
    }
    return value;
  };
}

/** One reader per network and RPC list, made on first use. */
export function createChainReaders(
  make: (chainId: number, rpcUrls: readonly string[]) => ChainReader = viemChainReader,
): ChainReaders {
  const readerOf = perNetwork(make);
  return { readerFor: ({ chainId, rpcUrls }) => readerOf(chainId, rpcUrls) };
}
