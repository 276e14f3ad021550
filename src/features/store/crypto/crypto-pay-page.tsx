import type { ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { WagmiProvider, type Config } from 'wagmi';
import { Errors } from '../../../../contract/errors';
import type { CryptoPayContext } from '../../../../machines/crypto-pay/crypto-pay.types';
import { ProductName, useMoney } from '../../../components/formats';
import { useSessionState } from '../../../lib/session/session-context';
import { useCryptoPay } from './use-crypto-pay';
import { ChoiceStep, Waiting, lockedChoices, units, type CryptoPay } from './crypto-pay-parts';
import { Expired, Failed, QuoteFailed, Reversed } from './crypto-pay-outcomes';
import { QuotePanel } from './quote-panel';
import { WalletStep } from './wallet-step';
import { ContentPage } from '../../../components/content-page';
import { ErrorNotice } from '../../../components/error-notice';
// Why: the page's error lines use the SPA's form error style; without it they read as body text.
import '../../../components/ui/form.css';
import '../store.css';
import './crypto-pay.css';

/** SPEC §2 /crypto-pay/{productId}: network, then token, then wallet, then confirm (SPEC §4). */
export function CryptoPayPage({ productId }: { productId: number }) {
  const pay = useCryptoPay(productId);
  const { state } = pay;

  let body: ReactNode;
  if (state.matches('loading')) {
    body = <Waiting>{<Trans>Loading the payment options…</Trans>}</Waiting>;
  } else if (state.matches('invalidProduct')) {
    body = (
      <ErrorNotice className="card crypto-problem" code={Errors.INVALID_PRODUCT_ID.code}>
        <Link to="/pricing" className="btn btn-primary">
          <Trans>See plans</Trans>
        </Link>
      </ErrorNotice>
    );
  } else if (state.matches('unavailable')) {
    body = (
      <ErrorNotice
        className="card crypto-problem"
        code={state.context.errorCode ?? Errors.CRYPTO_DETAILS_FAILED.code}
      >
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
      </ErrorNotice>
    );
  } else if (pay.config) {
    body = (
      <WagmiProvider config={pay.config}>
        <Flow pay={pay} config={pay.config} />
      </WagmiProvider>
    );
  }

  return (
    <ContentPage className="store crypto-pay" title={<Trans>Pay with cryptocurrency</Trans>}>
      <PlanLine context={state.context} />
      {body}
    </ContentPage>
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

function Flow({ pay, config }: { pay: CryptoPay; config: Config }) {
  const { state, send } = pay;
  const { t } = useLingui();
  const { options, chainId, token } = state.context;
  const loggedOut = useSessionState((s) => s.matches('loggedOut'));
  const { pathname } = useLocation();
  if (!options) return null;
  const network = options.networks.find((n) => n.chainId === chainId) ?? null;
  const quoted = state.matches('quoted') || state.matches('paid');
  const locked = lockedChoices(state);

  return (
    <div className="with-summary store-grid crypto-grid">
      <div className="store-choices">
        <ChoiceStep
          legend={<Trans>1. Network</Trans>}
          group="crypto-network"
          choices={options.networks}
          valueOf={(n) => n.chainId}
          value={chainId}
          disabled={locked}
          onSelect={(id) => send({ type: 'SELECT_NETWORK', chainId: id })}
        >
          {(n) => <span className="method-option__name">{n.name}</span>}
        </ChoiceStep>

        {network && (
          <ChoiceStep
            legend={<Trans>2. Token</Trans>}
            group="crypto-token"
            choices={network.tokens}
            valueOf={(tk) => tk.symbol}
            value={token}
            disabled={locked}
            onSelect={(symbol) => send({ type: 'SELECT_TOKEN', token: symbol })}
          >
            {(tk) => (
              <>
                <span className="method-option__name">{tk.symbol}</span>
                <span className="crypto-token__amount">
                  {units(tk.amount, tk.decimals)} {tk.symbol}
                </span>
              </>
            )}
          </ChoiceStep>
        )}

        {network && token && (
          <section className="store-fieldset" aria-labelledby="crypto-wallet">
            <h2 id="crypto-wallet" className="store-legend">
              <Trans>3. Wallet</Trans>
            </h2>
            {loggedOut ? (
              <p className="crypto-login">
                <Link to="/login" search={{ redirect: pathname }} className="btn btn-primary">
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
