import { useLingui } from '@lingui/react/macro';
import type { PayoutCheckReason } from '../../../contract/kol';

/**
 * Why a payout hash is not (yet) verified on chain, in the console's language (the server keeps a
 * value, docs/kol.md "Payout hashes"), followed by the operator's own note when there is one.
 */
export function usePayoutReasonText() {
  const { t } = useLingui();
  const reasonText = (reason: PayoutCheckReason): string => {
    switch (reason.code) {
      case 'not_read_here': {
        const network = reason.network;
        return t`${network} is not read on chain here`;
      }
      case 'no_usdt': {
        const chainId = reason.chainId;
        return t`no USDT on chain ${chainId} is configured`;
      }
      case 'chain_not_configured': {
        const chainId = reason.chainId;
        return t`chain ${chainId} is not configured`;
      }
      case 'no_verifier':
        return t`nothing here asks the chain`;
      case 'reverted':
        return t`the transaction failed on chain`;
      case 'no_transfer':
        return t`the transaction sends no USDT to the payout address`;
      case 'too_small':
        return t`the transaction sends less USDT than the settlement`;
      case 'unconfirmed': {
        const { confirmations, required } = reason;
        return t`${confirmations} of ${required} confirmations so far`;
      }
      case 'not_found':
        return t`the transaction is not on chain (yet)`;
      case 'unreachable':
        return t`the chain could not be reached`;
    }
  };
  return (reason: PayoutCheckReason | null, note: string | null): string =>
    [reason ? reasonText(reason) : '', note ?? ''].filter(Boolean).join('; ');
}
