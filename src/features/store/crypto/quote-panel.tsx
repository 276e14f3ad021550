/**
 * The quote of /crypto-pay: what to send where, its countdown, the proof and transaction status, and an
 * underpayment.
 */
import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CryptoNetwork } from '../../../../contract/endpoints/crypto';
import { CopyButton } from '../../../components/ui/copy-button';
import { useErrorText } from '../../../i18n/use-error-text';
import { ErrorLine, Waiting, units, type CryptoPay } from './crypto-pay-parts';
import { Detail } from '../../../components/ui/detail';

function useCountdown(expiresAt: string, serverTime: string): number {
  const [received] = useState(() => Date.now());
  const [now, setNow] = useState(received);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(expiresAt) - Date.parse(serverTime) - (now - received);
  return Math.max(0, Math.floor(left / 1000));
}

export function QuotePanel({ pay, network }: { pay: CryptoPay; network: CryptoNetwork }) {
  const { state, send } = pay;
  const { quote, status, txHash, errorCode } = state.context;
  const errorText = useErrorText();
  if (!quote) return null;
  const amount = units(quote.amount, quote.decimals);
  const symbol = quote.tokenSymbol;
  const nativeSymbol = network.nativeSymbol;
  const confirming = state.matches({ quoted: 'confirming' });
  const unproven = state.matches({ quoted: 'unproven' });
  const signing = state.matches({ quoted: 'signing' }) || state.matches({ quoted: 'proving' });
  const sending = state.matches({ quoted: 'sending' });
  const underpaid = state.matches({ quoted: 'underpaid' });
  const explorer =
    network.explorerUrl && txHash ? `${network.explorerUrl.replace(/\/$/, '')}/tx/${txHash}` : null;

  return (
    <div className="crypto-quote">
      <dl className="summary-list">
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd className="crypto-amount">
          {amount} {symbol}
        </dd>
        <Detail term={<Trans>Network</Trans>}>{network.name}</Detail>
      </dl>
      <div className="crypto-recipient">
        <p className="crypto-recipient__label">
          <Trans>Recipient</Trans>
        </p>
        <code>{quote.receivingAddress}</code>
        <CopyButton text={quote.receivingAddress} className="btn btn-secondary" />
      </div>
      <p className="field__hint">
        <Trans>
          The network fee is paid by your wallet in {nativeSymbol}, on top of the amount.
        </Trans>
      </p>
      {(unproven || signing || confirming || sending) && (
        <Countdown expiresAt={quote.expiresAt} serverTime={quote.serverTime} />
      )}
      {unproven && (
        <div className="crypto-proof">
          <p className="field__hint">
            <Trans>
              First sign a message in your wallet to show it is yours. It is not a transaction and
              costs nothing; only then can a transfer pay this order.
            </Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => send({ type: 'SIGN' })}
          >
            <Trans>Sign in wallet</Trans>
          </button>
        </div>
      )}
      {state.matches({ quoted: 'signing' }) && (
        <Waiting>
          <Trans>Sign the message in your wallet…</Trans>
        </Waiting>
      )}
      {state.matches({ quoted: 'proving' }) && (
        <Waiting>
          <Trans>Checking the signature…</Trans>
        </Waiting>
      )}
      {confirming && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => send({ type: 'PAY' })}
        >
          <Trans>
            Pay {amount} {symbol}
          </Trans>
        </button>
      )}
      {sending && (
        <Waiting>
          <Trans>Confirm the transfer in your wallet…</Trans>
        </Waiting>
      )}
      {(unproven || confirming || underpaid) && errorCode !== null && (
        <ErrorLine code={errorCode} />
      )}
      {txHash && !confirming && !sending && (
        <TransactionStatus
          txHash={txHash}
          explorer={explorer}
          confirmations={status?.confirmations ?? 0}
          required={status?.required ?? quote.confirmations}
          paid={state.matches('paid')}
        />
      )}
      {underpaid && status && (
        <div className="crypto-underpaid" role="alert">
          <p>
            <Underpaid received={status.received} missing={status.missing} quote={quote} />
          </p>
          <Countdown expiresAt={status.expiresAt} serverTime={status.serverTime} />
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => send({ type: 'PAY' })}
          >
            <Trans>Send the rest</Trans>
          </button>
        </div>
      )}
      {state.matches({ quoted: 'submitWaiting' }) && errorCode !== null && (
        <p className="field__hint">{errorText(errorCode)}</p>
      )}
    </div>
  );
}

function Countdown({ expiresAt, serverTime }: { expiresAt: string; serverTime: string }) {
  const seconds = useCountdown(expiresAt, serverTime);
  const left = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <p className="crypto-countdown">
      <Trans>Pay within {left}</Trans>
    </p>
  );
}

function TransactionStatus({
  txHash,
  explorer,
  confirmations,
  required,
  paid,
}: {
  txHash: string;
  explorer: string | null;
  confirmations: number;
  required: number;
  paid: boolean;
}) {
  const shown = Math.min(confirmations, required);
  return (
    <div className="crypto-status" role="status">
      <p className="crypto-hash">
        <Trans>Transaction:</Trans>{' '}
        {explorer ? (
          <a href={explorer} target="_blank" rel="noreferrer">
            {shortHash(txHash)}
          </a>
        ) : (
          <code title={txHash}>{shortHash(txHash)}</code>
        )}
      </p>
      <progress max={required} value={shown} aria-hidden="true" />
      <p>
        {paid ? (
          <Trans>Payment confirmed.</Trans>
        ) : (
          <Trans>
            Confirmations: {shown} of {required}
          </Trans>
        )}
      </p>
    </div>
  );
}

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

function Underpaid({
  received,
  missing,
  quote,
}: {
  received: string;
  missing: string;
  quote: { decimals: number; tokenSymbol: string };
}) {
  const got = units(received, quote.decimals);
  const rest = units(missing, quote.decimals);
  const symbol = quote.tokenSymbol;
  return (
    <Trans>
      Received {got} {symbol}; {rest} {symbol} is still missing.
    </Trans>
  );
}
