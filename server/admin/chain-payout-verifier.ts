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

const REJECTIONS: Partial<Record<Exclude<TokenTransferVerdict, { ok: true }>['reason'], string>> = {
  reverted: 'the transaction failed on chain',
  no_transfer: 'the transaction sends no USDT to the payout address',
  too_small: 'the transaction sends less USDT than the settlement',
};

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
        return { result: 'unconfigured', reason: `${transfer.network} is not read on chain here` };
      const network = await findNetwork(deps.db, chainId);
      const usdt = network?.tokens.find((t) => t.symbol.toUpperCase() === 'USDT');
      if (!network || !usdt)
        return {
          result: 'unconfigured',
          reason: `no USDT on chain ${chainId} is configured (npm run admin -- crypto network)`,
        };
      const verdict = await deps.verifyTokenTransfer({
        chainId,
        txHash: transfer.txHash,
        token: usdt.address,
        to: transfer.toAddress,
        minAmount: baseUnitsOfCents(transfer.amountCents, usdt.decimals),
      });
      if (verdict.ok) return { result: 'verified' };
      const rejected = REJECTIONS[verdict.reason];
      if (rejected) return { result: 'rejected', reason: rejected };
      switch (verdict.reason) {
        case 'unconfirmed':
          return {
            result: 'unavailable',
            reason: `${verdict.confirmations ?? 0} of ${network.confirmations} confirmations so far`,
          };
        case 'not_found':
          return { result: 'unavailable', reason: 'the transaction is not on chain (yet)' };
        case 'network_not_configured':
          return { result: 'unconfigured', reason: `chain ${chainId} is not configured` };
        default:
          return { result: 'unavailable', reason: 'the chain could not be reached' };
      }
    },
  };
}
