/**
 * How a recorded payout hash is checked on chain (kol/payout-verifier.ts): through the crypto module's
 * `verifyTokenTransfer`, on the operator's configured network (`npm run admin -- crypto network`)
 * whose chain id is the payout network's, for its USDT token. Where no such network (or no USDT on
 * it) is configured, and for TRON (not an EVM chain), the answer is 'unconfigured': the hash is
 * recorded as 'unverified' and the settlement shows as paid on the operator's word. Otherwise the
 * settlement shows as paid only once the chain confirms the transfer. docs/kol.md.
 */
import { PAYOUT_NETWORK_INFO, type PayoutNetwork } from '../../contract/kol';
import type { TokenTransferQuery, TokenTransferVerdict } from '../crypto/verify-token-transfer';
import { findNetwork } from '../crypto/crypto-config';
import type { Db } from '../db/database';
import type { PayoutVerifier } from '../kol/payout-verifier';

/** USDT counts in cents of a dollar; its token has `decimals` (6 on every network offered). */
function baseUnitsOfCents(cents: number, decimals: number): bigint {
  if (decimals < 2) throw new RangeError(`a token with ${decimals} decimals cannot carry cents`);
  return BigInt(cents) * 10n ** BigInt(decimals - 2);
}

/** The chain's answers that say the transaction is not the payout. */
const REJECTIONS = new Set(['reverted', 'no_transfer', 'too_small'] as const);
const isRejection = (reason: string): reason is 'reverted' | 'no_transfer' | 'too_small' =>
  (REJECTIONS as ReadonlySet<string>).has(reason);

/**
 * The verifier the app and the CLI use. `chainIds` maps a payout network onto another chain id
 * (a test net, or the local chain of the tests); default: each network's main chain.
 */
export function chainPayoutVerifier(deps: {
  readonly db: Db;
  readonly verifyTokenTransfer: (query: TokenTransferQuery) => Promise<TokenTransferVerdict>;
  readonly chainIds?: Partial<Record<PayoutNetwork, number>>;
}): PayoutVerifier {
  return {
    async verifyTransfer(transfer) {
      const chainId =
        deps.chainIds?.[transfer.network] ?? PAYOUT_NETWORK_INFO[transfer.network].chainId;
      if (chainId === null)
        return {
          result: 'unconfigured',
          reason: { code: 'not_read_here', network: transfer.network },
        };
      const network = await findNetwork(deps.db, chainId);
      const usdt = network?.tokens.find((t) => t.symbol.toUpperCase() === 'USDT');
      if (!network || !usdt)
        return { result: 'unconfigured', reason: { code: 'no_usdt', chainId } };
      const verdict = await deps.verifyTokenTransfer({
        chainId,
        txHash: transfer.txHash,
        token: usdt.address,
        to: transfer.toAddress,
        minAmount: baseUnitsOfCents(transfer.amountCents, usdt.decimals),
      });
      if (verdict.ok) return { result: 'verified' };
      if (isRejection(verdict.reason))
        return { result: 'rejected', reason: { code: verdict.reason } };
      switch (verdict.reason) {
        case 'unconfirmed':
          return {
            result: 'unavailable',
            reason: {
              code: 'unconfirmed',
              confirmations: verdict.confirmations ?? 0,
              required: network.confirmations,
            },
          };
        case 'not_found':
          return { result: 'unavailable', reason: { code: 'not_found' } };
        case 'network_not_configured':
          return { result: 'unconfigured', reason: { code: 'chain_not_configured', chainId } };
        default:
          return { result: 'unavailable', reason: { code: 'unreachable' } };
      }
    },
  };
}
