/**
 * The wallet step of /crypto-pay: the wallets to connect, the one connected, and its network.
 */
import { Trans } from '@lingui/react/macro';
import { useConnectors, type Config } from 'wagmi';
import { Errors } from '../../../../contract/errors';
import type { CryptoNetwork } from '../../../../contract/endpoints/crypto';
import { ErrorLine, type CryptoPay } from './crypto-pay-parts';

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

export function WalletStep({
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

function ConnectLabel({ name }: { name: string }) {
  return <Trans>Connect {name}</Trans>;
}

function ConnectedAs({ address }: { address: string }) {
  const short = shortAddress(address);
  return <Trans>Connected: {short}</Trans>;
}
