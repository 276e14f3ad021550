/**
 * The head block of each chain, read at most once per `ttlMs` per process (docs/crypto-pay.md,
 * "What a status call costs the RPC"): every status call, submission and watcher round of the
 * process shares the read, and calls made while a read is out wait for that one.
 */
import type { ChainReader } from './chain-reader';

export interface ChainHeads {
  /** The chain's head block, at most `ttlMs` old. */
  head(reader: ChainReader): Promise<bigint>;
}

/** Default: under a block on every configured chain that matters (Arbitrum's 0.25 s excepted). */
export const HEAD_TTL_MS = 1_000;

export function createChainHeads(ttlMs: number, now: () => number = Date.now): ChainHeads {
  const cache = new Map<number, { at: number; head: Promise<bigint> }>();
  return {
    head(reader) {
      const cached = cache.get(reader.chainId);
      if (cached && now() - cached.at < ttlMs) return cached.head;
      const head = reader.blockNumber();
      const entry = { at: now(), head };
      cache.set(reader.chainId, entry);
      // A failed read is not remembered: the next caller asks the chain again.
      head.catch(() => {
        if (cache.get(reader.chainId) === entry) cache.delete(reader.chainId);
      });
      return head;
    },
  };
}

/** The head through the process's shared cache when there is one, else read now. */
export function headOf(
  deps: { readonly heads?: ChainHeads },
  reader: ChainReader,
): Promise<bigint> {
  return deps.heads ? deps.heads.head(reader) : reader.blockNumber();
}
