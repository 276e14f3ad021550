import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { WagmiProvider, useConnectors, type Config } from 'wagmi';
import { formatUnits } from 'viem';
import { Errors } from '../../../../contract/errors';
import type { CryptoNetwork } from '../../../../contract/endpoints/crypto';
import type { CryptoPayContext } from '../../../../machines/crypto-pay/crypto-pay.types';
import { ProductName, useMoney } from '../../../components/formats';
import { CopyButton } from '../../../components/ui/copy-button';
import { useErrorText } from '../../../i18n/use-error-text';
import { useSessionState } from '../../../lib/session/session-context';
import { useCryptoPay } from './use-crypto-pay';
// Why: the page's error lines use the SPA's form error style; without it they read as body text.
import '../../../components/ui/form.css';
import '../store.css';
import './crypto-pay.css';

type CryptoPay = ReturnType<typeof useCryptoPay>;

const units = (amount: string, decimals: number) => formatUnits(BigInt(amount), decimals);

/** SPEC §2 /crypto-pay/{productId}: network, then token, then wallet, then confirm (SPEC §4). */
export function CryptoPayPage({ productId }: { productId: number }) {
  const pay = useCryptoPay(productId);
  const { state } = pay;
  const errorText = useErrorText();

  let body: ReactNode;
  if (state.matches('loading')) {
    body = <Waiting>{<Trans>Loading the payment options…</Trans>}</Waiting>;
  } else if (state.matches('invalidProduct')) {
    body = (
      <div className="card crypto-problem" role="alert">
        <p>{errorText(Errors.INVALID_PRODUCT_ID.code)}</p>
        <Link to="/pricing" className="btn btn-primary">
          <Trans>See plans</Trans>
        </Link>
      </div>
    );
  } else if (state.matches('unavailable')) {
    body = (
      <div className="card crypto-problem" role="alert">
        <p>{errorText(state.context.errorCode ?? Errors.CRYPTO_DETAILS_FAILED.code)}</p>
        <div className="crypto-actions">
          <Link to="/pricing" className="btn btn-secondary">
            <Trans>Other payment methods</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => pay.send({ type: 'RETRY' })}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      </div>
    );
  } else if (pay.config) {
    body = (
      <WagmiProvider config={pay.config}>
        <Flow pay={pay} config={pay.config} />
      </WagmiProvider>
    );
  }

  return (
    <main className="page store crypto-pay">
      <div className="container">
        <h1 className="page-title">
          <Trans>Pay with cryptocurrency</Trans>
        </h1>
        <PlanLine context={state.context} />
        {body}
      </div>
    </main>
  );
}

function PlanLine({ context }: { context: CryptoPayContext }) {
  const money = useMoney();
  const { options } = context;
  if (!options) return null;
  const price = money(options.price);
  return (
    <p className="lead crypto-plan">
      <Trans>
        <ProductName groupType={options.groupType} months={options.months} />: {price}
      </Trans>
    </p>
  );
}

function Waiting({ children }: { children: ReactNode }) {
  return (
    <div className="card crypto-waiting" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}

function Flow({ pay, config }: { pay: CryptoPay; config: Config }) {
  const { state, send } = pay;
  const { t } = useLingui();
  const { options, chainId, token } = state.context;
  const loggedOut = useSessionState((s) => s.matches('loggedOut'));
  if (!options) return null;
  const network = options.networks.find((n) => n.chainId === chainId) ?? null;
  const quoted = state.matches('quoted') || state.matches('paid');
  const locked = lockedChoices(state);

  return (
    <div className="store-grid crypto-grid">
      <div className="store-choices">
        <fieldset className="store-fieldset">
          <legend className="store-legend">
            <Trans>1. Network</Trans>
          </legend>
          <div className="method-options">
            {options.networks.map((n) => (
              <RadioCard
                key={n.chainId}
                group="crypto-network"
                checked={n.chainId === chainId}
                disabled={locked}
                onSelect={() => send({ type: 'SELECT_NETWORK', chainId: n.chainId })}
              >
                <span className="method-option__name">{n.name}</span>
              </RadioCard>
            ))}
          </div>
        </fieldset>

        {network && (
          <fieldset className="store-fieldset">
            <legend className="store-legend">
              <Trans>2. Token</Trans>
            </legend>
            <div className="method-options">
              {network.tokens.map((tk) => (
                <RadioCard
                  key={tk.symbol}
                  group="crypto-token"
                  checked={tk.symbol === token}
                  disabled={locked}
                  onSelect={() => send({ type: 'SELECT_TOKEN', token: tk.symbol })}
                >
                  <span className="method-option__name">{tk.symbol}</span>
                  <span className="crypto-token__amount">
                    {units(tk.amount, tk.decimals)} {tk.symbol}
                  </span>
                </RadioCard>
              ))}
            </div>
          </fieldset>
        )}

        {network && token && (
          <section className="store-fieldset" aria-labelledby="crypto-wallet">
            <h2 id="crypto-wallet" className="store-legend">
              <Trans>3. Wallet</Trans>
            </h2>
            {loggedOut ? (
              <p className="crypto-login">
                <Link
                  to="/login"
                  search={{ redirect: window.location.pathname }}
                  className="btn btn-primary"
                >
                  <Trans>Log in to pay</Trans>
                </Link>
              </p>
            ) : (
              <WalletStep pay={pay} config={config} network={network} />
            )}
          </section>
        )}
      </div>

      <aside className="store-summary card crypto-summary" aria-label={t`Payment`}>
        <h2 className="store-summary__title">
          <Trans>4. Confirm and pay</Trans>
        </h2>
        {quoted && network ? (
          <QuotePanel pay={pay} network={network} />
        ) : state.matches('quoting') ? (
          <Waiting>
            <Trans>Getting the payment details…</Trans>
          </Waiting>
        ) : state.matches('quoteFailed') ? (
          <QuoteFailed pay={pay} />
        ) : state.matches('expired') ? (
          <Expired pay={pay} />
        ) : state.matches('failed') ? (
          <Failed pay={pay} />
        ) : state.matches('reversed') ? (
          <Reversed pay={pay} />
        ) : (
          <p className="field__hint">
            <Trans>
              Choose a network and a token, then connect your wallet: the amount and the address to
              pay appear here.
            </Trans>
          </p>
        )}
      </aside>
    </div>
  );
}

function RadioCard({
  group,
  checked,
  disabled,
  onSelect,
  children,
}: {
  group: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className={`method-option card${checked ? ' is-selected' : ''}`}>
      <input type="radio" name={group} checked={checked} disabled={disabled} onChange={onSelect} />
      {children}
    </label>
  );
}

/** While the wallet is asked something or a transaction is out, the choices stay as they are. */
function lockedChoices(state: CryptoPay['state']): boolean {
  return (
    state.matches('switching') ||
    state.matches('quoting') ||
    state.matches({ connecting: 'requesting' }) ||
    state.matches({ quoted: 'signing' }) ||
    state.matches({ quoted: 'proving' }) ||
    state.matches({ quoted: 'sending' }) ||
    state.matches({ quoted: 'submitting' }) ||
    state.matches({ quoted: 'submitWaiting' }) ||
    state.matches({ quoted: 'awaiting' }) ||
    state.matches({ quoted: 'underpaid' }) ||
    state.matches('paid') ||
    state.matches('reversed')
  );
}

function ErrorLine({ code }: { code: number | null }) {
  const errorText = useErrorText();
  if (code === null) return null;
  return (
    <p className="field__error" role="alert">
      {errorText(code)}
    </p>
  );
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

function WalletStep({
  pay,
  config,
  network,
}: {
  pay: CryptoPay;
  config: Config;
  network: CryptoNetwork;
}) {
  const { state, send } = pay;
  const connectors = useConnectors({ config });
  const { wallet, errorCode } = state.context;
  const networkName = network.name;

  if (state.matches('connecting')) {
    const requesting = state.matches({ connecting: 'requesting' });
    // EIP-6963 wallets announce themselves; the generic one stands for window.ethereum.
    const discovered = connectors.filter((c) => c.id !== 'injected');
    const choices = discovered.length > 0 ? discovered : connectors;
    return (
      <div className="crypto-wallet">
        <p className="field__hint">
          <Trans>Connect the wallet you will pay from.</Trans>
        </p>
        <div className="crypto-actions">
          {choices.map((connector) => (
            <button
              key={connector.uid}
              type="button"
              className="btn btn-primary crypto-connector"
              disabled={requesting}
              onClick={() =>
                send({
                  type: 'CONNECT',
                  connectorId: connector.id === 'injected' ? null : connector.uid,
                })
              }
            >
              {connector.icon && (
                <img src={connector.icon} alt="" width={20} height={20} aria-hidden="true" />
              )}
              {connector.id === 'injected' ? (
                <Trans>Connect wallet</Trans>
              ) : (
                <ConnectLabel name={connector.name} />
              )}
            </button>
          ))}
        </div>
        {requesting && (
          <p className="field__hint" role="status">
            <Trans>Approve the connection in your wallet…</Trans>
          </p>
        )}
        <ErrorLine code={errorCode} />
      </div>
    );
  }

  return (
    <div className="crypto-wallet">
      {wallet && (
        <p className="crypto-wallet__address">
          <ConnectedAs address={wallet.address} />
        </p>
      )}
      {(state.matches('wrongNetwork') || state.matches('switching')) && (
        <div className="crypto-switch" role="alert">
          <p>
            <Trans>Your wallet is on another network. Switch it to {networkName} to pay.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={state.matches('switching')}
            onClick={() => send({ type: 'SWITCH_NETWORK' })}
          >
            <Trans>Switch to {networkName}</Trans>
          </button>
          {state.matches('switching') && (
            <p className="field__hint" role="status">
              <Trans>Approve the network switch in your wallet…</Trans>
            </p>
          )}
          {state.context.errorCode !== Errors.CRYPTO_SWITCH_NETWORK.code && (
            <ErrorLine code={errorCode} />
          )}
        </div>
      )}
    </div>
  );
}

function QuoteFailed({ pay }: { pay: CryptoPay }) {
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

function Expired({ pay }: { pay: CryptoPay }) {
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

function Failed({ pay }: { pay: CryptoPay }) {
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
function Reversed({ pay }: { pay: CryptoPay }) {
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

/** Minutes and seconds left of the quote, by the server's clock. */
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

function QuotePanel({ pay, network }: { pay: CryptoPay; network: CryptoNetwork }) {
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
        <dt>
          <Trans>Network</Trans>
        </dt>
        <dd>{network.name}</dd>
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

function ConnectLabel({ name }: { name: string }) {
  return <Trans>Connect {name}</Trans>;
}

function ConnectedAs({ address }: { address: string }) {
  const short = shortAddress(address);
  return <Trans>Connected: {short}</Trans>;
}

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
