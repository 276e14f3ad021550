/** What the crypto module runs with; tests inject faults through the optional hooks. */
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import type { ChainHeads } from './chain-heads';
import type { ChainReaders } from './chain-reader';
import type { ProofVerifiers } from './payer-proof';

export interface CryptoLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CryptoDeps {
  readonly db: Db;
  readonly chains: ChainReaders;
  /** The process's cache of chain heads (chain-heads.ts); without it every settlement reads the head. */
  readonly heads?: ChainHeads;
  /** Checks payer proofs (EIP-712, ERC-1271) on each network's public client. */
  readonly proofs?: ProofVerifiers;
  readonly sessionCache?: SessionCache;
  readonly now?: () => Date;
  readonly log: CryptoLog;
  /** Fault injection: runs right before the receipts are read again to credit (tests reorg here). */
  readonly beforeCreditCheck?: (orderNo: string) => Promise<void>;
  /** Fault injection: runs after the watcher recorded each transfer (tests crash it mid-range). */
  readonly afterWatchedTransfer?: (txHash: string) => Promise<void>;
}

export const nowOf = (deps: Pick<CryptoDeps, 'now'>): Date => deps.now?.() ?? new Date();
