import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleCryptoNetworkEnabled,
  consoleCryptoTokenEnabled,
  type CryptoNetworkView,
  type CryptoTokenView,
} from '../../../contract/endpoints/console';
import { TitledCard } from '../../components/titled-card';
import { CopyButton } from '../../components/ui/copy-button';
import type { DataColumn } from '../../components/ui/data-table';
import { Detail } from '../../components/ui/detail';
import { useDateTime } from '../../components/formats';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConfirmedAct } from '../confirmed-act';
import { ConsoleTable, actionsColumn } from '../console-table';
import { NetworkForm } from './network-form';
import { TokenForm } from './token-form';
import '../../components/ui/badge.css';
import { SmallButton } from '../small-button';

function OnOff({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <span className="badge badge--ok">
      <Trans>Offered</Trans>
    </span>
  ) : (
    <span className="badge badge--muted">
      <Trans>Disabled</Trans>
    </span>
  );
}

function Network({ network }: { network: CryptoNetworkView }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const toggle = useConfirmedAct([...CONSOLE_KEY, 'crypto']);
  const [form, setForm] = useState<'edit' | 'token' | null>(null);
  const name = network.name;

  const askToken = (token: CryptoTokenView) => {
    const symbol = token.symbol;
    toggle.ask({
      title: token.enabled ? (
        <Trans>
          Disable {symbol} on {name}?
        </Trans>
      ) : (
        <Trans>
          Enable {symbol} on {name}?
        </Trans>
      ),
      text: token.enabled ? (
        <Trans>It is no longer offered; quotes already made in it are still watched.</Trans>
      ) : (
        <Trans>It is offered again on the crypto payment page.</Trans>
      ),
      label: token.enabled ? <Trans>Disable the token</Trans> : <Trans>Enable the token</Trans>,
      run: () =>
        consoleCall(consoleCryptoTokenEnabled, {
          chainId: network.chainId,
          symbol: token.symbol,
          enabled: !token.enabled,
        }),
    });
  };

  const columns: DataColumn<CryptoTokenView>[] = [
    { key: 'symbol', header: t`Token`, rowHeader: true, cell: (k) => k.symbol },
    {
      key: 'address',
      header: t`Contract`,
      className: 'console-crypto-hex',
      cell: (k) => k.address,
    },
    { key: 'decimals', header: t`Decimals`, cell: (k) => k.decimals },
    { key: 'state', header: t`State`, cell: (k) => <OnOff enabled={k.enabled} /> },
    actionsColumn(t`Actions`, (k) => (
      <SmallButton
        label={k.enabled ? t`Disable ${k.symbol}` : t`Enable ${k.symbol}`}
        onClick={() => askToken(k)}
      >
        {k.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
      </SmallButton>
    )),
  ];

  return (
    <TitledCard
      look="console-panel"
      className="console-crypto-network"
      title={
        <>
          {network.name} <OnOff enabled={network.enabled} />
        </>
      }
    >
      <dl className="console-details console-node-details">
        <Detail term={<Trans>Chain ID</Trans>}>{network.chainId}</Detail>
        <Detail term={<Trans>Receiving address</Trans>}>
          <span className="console-crypto-hex">{network.receivingAddress}</span>{' '}
          <CopyButton
            text={network.receivingAddress}
            aria-label={t`Copy the receiving address of ${name}`}
          />
        </Detail>
        <Detail term={<Trans>Confirmations</Trans>}>{network.confirmations}</Detail>
        <Detail term={<Trans>RPC URLs</Trans>}>
          <span className="console-crypto-hex">{network.rpcUrls.join(', ')}</span>
        </Detail>
        <Detail term={<Trans>Explorer</Trans>}>
          {network.explorerUrl ?? <span className="console-muted">—</span>}
        </Detail>
        <Detail term={<Trans>Native coin</Trans>}>{network.nativeSymbol}</Detail>
        <Detail term={<Trans>Watched to block</Trans>}>
          {network.watchedTo ?? <Trans>Not yet (no quote on it so far)</Trans>}
        </Detail>
        <Detail term={<Trans>Changed</Trans>}>{dateTime(network.updatedAt)}</Detail>
      </dl>
      {toggle.notice}
      {toggle.dialog}
      <div className="console-actions" role="group" aria-label={t`Actions on network ${name}`}>
        <SmallButton onClick={() => setForm('edit')}>
          <Trans>Edit the network</Trans>
        </SmallButton>
        <SmallButton onClick={() => setForm('token')}>
          <Trans>Add a token</Trans>
        </SmallButton>
        <SmallButton
          onClick={() =>
            toggle.ask({
              title: network.enabled ? (
                <Trans>Disable network {name}?</Trans>
              ) : (
                <Trans>Enable network {name}?</Trans>
              ),
              text: network.enabled ? (
                <Trans>
                  No new quotes on it; quotes already made are still watched and credited.
                </Trans>
              ) : (
                <Trans>Its enabled tokens are offered again.</Trans>
              ),
              label: network.enabled ? (
                <Trans>Disable the network</Trans>
              ) : (
                <Trans>Enable the network</Trans>
              ),
              run: () =>
                consoleCall(consoleCryptoNetworkEnabled, {
                  chainId: network.chainId,
                  enabled: !network.enabled,
                }),
            })
          }
        >
          {network.enabled ? <Trans>Disable the network</Trans> : <Trans>Enable the network</Trans>}
        </SmallButton>
      </div>
      <ConsoleTable
        rows={network.tokens}
        columns={columns}
        rowKey={(k) => k.id}
        caption={<Trans>Tokens on {name}</Trans>}
        empty={<Trans>No token yet: nothing is offered on this network.</Trans>}
      />
      {form === 'edit' && <NetworkForm network={network} onDone={() => setForm(null)} />}
      {form === 'token' && <TokenForm network={network} onDone={() => setForm(null)} />}
    </TitledCard>
  );
}

/** Every configured network with its tokens and actions. */
export function NetworkList({ networks }: { networks: readonly CryptoNetworkView[] }) {
  if (networks.length === 0)
    return (
      <p className="console-muted">
        <Trans>No network yet: crypto payment is not offered.</Trans>
      </p>
    );
  return (
    <>
      {networks.map((n) => (
        <Network key={n.chainId} network={n} />
      ))}
    </>
  );
}
