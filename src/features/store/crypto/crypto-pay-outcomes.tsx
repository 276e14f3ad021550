/**
 * How a crypto payment can end besides paid: the quote refused, expired, failed or reversed after a reorg.
 */
import { Trans } from '@lingui/react/macro';
import { Errors } from '../../../../contract/errors';
import { useErrorText } from '../../../i18n/use-error-text';
import type { CryptoPay } from './crypto-pay-parts';

export function QuoteFailed({ pay }: { pay: CryptoPay }) {
  const errorText = useErrorText();
  return (
    <div className="crypto-result" role="alert">
      <p>{errorText(pay.state.context.errorCode ?? Errors.CRYPTO_DETAILS_FAILED.code)}</p>
      <button type="button" className="btn btn-primary" onClick={() => pay.send({ type: 'RETRY' })}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

export function Expired({ pay }: { pay: CryptoPay }) {
  const errorText = useErrorText();
  return (
    <div className="crypto-result" role="alert">
      <p>{errorText(Errors.CRYPTO_QUOTE_EXPIRED.code)}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => pay.send({ type: 'NEW_QUOTE' })}
      >
        <Trans>Get a new quote</Trans>
      </button>
    </div>
  );
}

export function Failed({ pay }: { pay: CryptoPay }) {
  const errorText = useErrorText();
  const { errorCode, txHash } = pay.state.context;
  return (
    <div className="crypto-result" role="alert">
      <p>{errorText(errorCode ?? Errors.CRYPTO_TX_FAILED.code)}</p>
      {txHash && <p className="crypto-hash">{txHash}</p>}
      <p className="field__hint">{errorText(Errors.PAYMENT_NOT_DETECTED.code)}</p>
      <button type="button" className="btn btn-primary" onClick={() => pay.send({ type: 'RETRY' })}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/** Credited, then the transfer left the chain: under review by support (docs/crypto-pay.md). */
export function Reversed({ pay }: { pay: CryptoPay }) {
  const errorText = useErrorText();
  const { txHash } = pay.state.context;
  return (
    <div className="crypto-result" role="alert">
      <p>
        <strong>
          <Trans>Payment under review</Trans>
        </strong>
      </p>
      <p>{errorText(Errors.CRYPTO_PAYMENT_REVERSED.code)}</p>
      {txHash && <p className="crypto-hash">{txHash}</p>}
    </div>
  );
}
