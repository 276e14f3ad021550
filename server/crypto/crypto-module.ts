/**
 * The crypto payment module as the app wires it (server/app.ts): its endpoints, the watcher job,
 * and `verifyTokenTransfer` for other modules. One set of chain clients is shared by all three.
 */
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import type { Handlers } from '../protocol/api-context';
import { createChainHeads } from './chain-heads';
import { createChainReaders, type ChainReaders } from './chain-reader';
import { createCryptoHandlers } from './crypto-handlers';
import { createProofVerifiers } from './payer-proof';
import type { CryptoDeps, CryptoLog } from './crypto-deps';
import {
  verifyTokenTransfer,
  type TokenTransferQuery,
  type TokenTransferVerdict,
} from './verify-token-transfer';
import { startCryptoWatcher } from './watcher';
import type { RoundClaim } from '../jobs/round-claims';

/** Test hooks: other chain clients, and the fault injections of CryptoDeps. */
export type CryptoOverrides = Partial<
  Pick<CryptoDeps, 'chains' | 'proofs' | 'beforeCreditCheck' | 'afterWatchedTransfer' | 'now'>
>;

export interface CryptoModule {
  readonly handlers: Handlers;
  readonly chains: ChainReaders;
  /** Starts the watcher every `intervalSeconds`; `stop` waits for the round in flight. */
  startWatcher(intervalSeconds: number, claim?: RoundClaim): { stop(): Promise<void> };
  verifyTokenTransfer(query: TokenTransferQuery): Promise<TokenTransferVerdict>;
}

export function createCryptoModule(options: {
  db: Db;
  sessionCache: SessionCache;
  orderTtlMinutes: number;
  /** How long a chain's head read is reused by the process (config.cryptoHeadTtlMs). */
  headTtlMs: number;
  log: CryptoLog & { child(bindings: object): CryptoLog };
  overrides?: CryptoOverrides;
}): CryptoModule {
  const deps: CryptoDeps = {
    db: options.db,
    sessionCache: options.sessionCache,
    chains: options.overrides?.chains ?? createChainReaders(),
    heads: createChainHeads(options.headTtlMs),
    proofs: options.overrides?.proofs ?? createProofVerifiers(),
    log: options.log,
    ...options.overrides,
  };
  return {
    handlers: createCryptoHandlers({ ...deps, orderTtlMinutes: options.orderTtlMinutes }),
    chains: deps.chains,
    startWatcher: (intervalSeconds, claim) =>
      startCryptoWatcher(
        { ...deps, log: options.log.child({ job: 'crypto-watcher' }) },
        intervalSeconds,
        claim,
      ),
    verifyTokenTransfer: (query) => verifyTokenTransfer(deps, query),
  };
}
