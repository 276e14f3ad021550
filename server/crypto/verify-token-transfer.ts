/**
 * For other modules (the KOL settlements' payout hash): did transaction `txHash` on chain `chainId`
 * move at least `minAmount` base units of token `token` to address `to`, with at least
 * `minConfirmations` confirmations? Reads the chain through the operator's configured RPC URLs for
 * that network (docs/crypto-pay.md, "Verifying a transfer from another module").
 */
import type { Db } from '../db/database';
import type { ChainReaders, Hex } from './chain-reader';
import { ChainUnavailableError } from './chain-reader';
import { findNetwork } from './crypto-config';
import { confirmationsOf } from './judge-receipt';

export interface TokenTransferQuery {
  readonly chainId: number;
  readonly txHash: string;
  /** The token's contract address. */
  readonly token: string;
  /** Who must receive it. */
  readonly to: string;
  /** Base units (a bigint, or its decimal string). */
  readonly minAmount: bigint | string;
  /** Default: the network's configured confirmations. */
  readonly minConfirmations?: number;
}

export type TokenTransferVerdict =
  | {
      readonly ok: true;
      /** The sum of the token's Transfer logs to `to` in the transaction. */
      readonly amount: bigint;
      readonly from: readonly string[];
      readonly blockNumber: bigint;
      readonly confirmations: number;
    }
  | {
      readonly ok: false;
      readonly reason:
        | 'network_not_configured'
        | 'chain_unavailable'
        | 'not_found'
        | 'reverted'
        | 'no_transfer'
        | 'too_small'
        | 'unconfirmed';
      /** Set for too_small and unconfirmed. */
      readonly amount?: bigint;
      readonly confirmations?: number;
    };

const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;

export async function verifyTokenTransfer(
  deps: { readonly db: Db; readonly chains: ChainReaders },
  query: TokenTransferQuery,
): Promise<TokenTransferVerdict> {
  const hash = query.txHash.toLowerCase();
  const token = query.token.toLowerCase();
  const to = query.to.toLowerCase();
  if (!HASH.test(hash) || !ADDRESS.test(token) || !ADDRESS.test(to)) {
    throw new TypeError('verifyTokenTransfer: malformed hash or address');
  }
  const network = await findNetwork(deps.db, query.chainId);
  if (!network) return { ok: false, reason: 'network_not_configured' };
  const reader = deps.chains.readerFor(network);
  try {
    const receipt = await reader.receipt(hash as Hex);
    if (!receipt) return { ok: false, reason: 'not_found' };
    if (!receipt.succeeded) return { ok: false, reason: 'reverted' };
    const transfers = receipt.transfers.filter((t) => t.token === token && t.to === to);
    if (transfers.length === 0) return { ok: false, reason: 'no_transfer' };
    const amount = transfers.reduce((sum, t) => sum + t.amount, 0n);
    if (amount < BigInt(query.minAmount)) return { ok: false, reason: 'too_small', amount };
    const confirmations = confirmationsOf(receipt.blockNumber, await reader.blockNumber());
    if (confirmations < (query.minConfirmations ?? network.confirmations)) {
      return { ok: false, reason: 'unconfirmed', amount, confirmations };
    }
    return {
      ok: true,
      amount,
      from: [...new Set(transfers.map((t) => t.from))],
      blockNumber: receipt.blockNumber,
      confirmations,
    };
  } catch (error) {
    if (error instanceof ChainUnavailableError) return { ok: false, reason: 'chain_unavailable' };
    throw error;
  }
}
