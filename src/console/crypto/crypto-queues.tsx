import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  CryptoRefusedView,
  CryptoReorgView,
  CryptoTransferView,
} from '../../../contract/endpoints/console';
import { TitledCard } from '../../components/titled-card';
import { CopyButton } from '../../components/ui/copy-button';
import type { DataColumn } from '../../components/ui/data-table';
import { useDateTime } from '../../components/formats';
import { useErrorText } from '../../i18n/use-error-text';
import { cryptoReorgsQuery, cryptoTransfersQuery } from '../api/console-queries';
import { ConsoleTable } from '../console-table';
import { OrderLink } from '../section-links';

const short = (hex: string) => `${hex.slice(0, 10)}…${hex.slice(-6)}`;

/** A transaction hash, shortened, linked to the network's explorer when it has one. */
function TxLink({ hash, explorerUrl }: { hash: string; explorerUrl: string | null }) {
  if (!explorerUrl) return <span className="console-crypto-hex">{short(hash)}</span>;
  return (
    <a
      className="console-crypto-hex"
      href={`${explorerUrl.replace(/\/$/, '')}/tx/${hash}`}
      target="_blank"
      rel="noreferrer noopener"
    >
      {short(hash)}
    </a>
  );
}

function TransferState({ state }: { state: CryptoTransferView['state'] }) {
  switch (state) {
    case 'unmatched':
      return <Trans>No order took it</Trans>;
    case 'refused':
      return <Trans>Refused</Trans>;
    case 'reorged':
      return <Trans>Left the chain (reorg)</Trans>;
    case 'confirming':
      return <Trans>Confirming</Trans>;
    case 'confirmed':
      return <Trans>Confirmed</Trans>;
  }
}

/**
 * A crypto queue in its card: what the operator does about its entries, the switch from the ones
 * waiting to every one, then its tables.
 */
function QueueCard({
  title,
  note,
  all,
  onAll,
  children,
}: {
  title: ReactNode;
  note: ReactNode;
  all: boolean;
  onAll: (all: boolean) => void;
  children: ReactNode;
}) {
  return (
    <TitledCard look="console-panel" title={title}>
      <p className="console-muted">{note}</p>
      <p>
        <label className="console-check">
          <input type="checkbox" checked={all} onChange={(e) => onAll(e.target.checked)} />{' '}
          <Trans>Show every one</Trans>
        </label>
      </p>
      {children}
    </TitledCard>
  );
}

/**
 * Transfers to the receiving addresses that no order took (or refused, or reorged away) and the
 * transactions buyers submitted that cannot pay their order. Nothing is done from here: the money
 * goes back from the wallet, or the buyer's order is confirmed by hand in Orders with the trade
 * number shown (docs/crypto-pay.md).
 */
export function CryptoTransfers() {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const errorText = useErrorText();
  const [all, setAll] = useState(false);
  const read = useQuery(cryptoTransfersQuery(all));

  const transferColumns: DataColumn<CryptoTransferView>[] = [
    { key: 'seen', header: t`Seen`, rowHeader: true, cell: (x) => dateTime(x.seenAt) },
    { key: 'chain', header: t`Chain ID`, cell: (x) => x.chainId },
    {
      key: 'amount',
      header: t`Amount`,
      cell: (x) => `${x.amount} ${x.token ?? short(x.tokenAddress)}`,
    },
    { key: 'from', header: t`From`, className: 'console-crypto-hex', cell: (x) => x.from },
    {
      key: 'tx',
      header: t`Trade number`,
      cell: (x) => (
        <>
          <TxLink hash={x.txHash} explorerUrl={x.explorerUrl} />:{x.logIndex}{' '}
          <CopyButton text={x.tradeNo} aria-label={t`Copy the trade number ${x.tradeNo}`} />
        </>
      ),
    },
    { key: 'order', header: t`Order`, cell: (x) => x.orderNo ?? '—' },
    { key: 'state', header: t`State`, cell: (x) => <TransferState state={x.state} /> },
  ];
  const refusedColumns: DataColumn<CryptoRefusedView>[] = [
    { key: 'at', header: t`Submitted`, rowHeader: true, cell: (r) => dateTime(r.submittedAt) },
    { key: 'order', header: t`Order`, cell: (r) => r.orderNo },
    { key: 'tx', header: t`Transaction`, className: 'console-crypto-hex', cell: (r) => r.txHash },
    {
      key: 'why',
      header: t`Why`,
      cell: (r) => (r.errorCode === null ? '—' : errorText(r.errorCode)),
    },
  ];

  return (
    <QueueCard
      title={<Trans>Transfers no order took</Trans>}
      note={
        <Trans>
          Nothing here is done from the console: send the money back from the receiving wallet, or,
          when you know whose order it pays, confirm that order by hand in Orders with the trade
          number shown (txHash:logIndex).
        </Trans>
      }
      all={all}
      onAll={setAll}
    >
      <ConsoleTable
        query={read}
        rows={read.data?.transfers}
        columns={transferColumns}
        rowKey={(x) => x.id}
        caption={
          all ? (
            <Trans>Every transfer to the receiving addresses</Trans>
          ) : (
            <Trans>Transfers no order took, refused or reorged</Trans>
          )
        }
        empty={<Trans>None.</Trans>}
      />
      <h3 className="console-subtitle">
        <Trans>Transactions refused</Trans>
      </h3>
      <ConsoleTable
        query={read}
        rows={read.data?.refused}
        columns={refusedColumns}
        rowKey={(r) => r.id}
        caption={<Trans>Transactions buyers submitted that cannot pay their order</Trans>}
        empty={<Trans>None.</Trans>}
      />
    </QueueCard>
  );
}

/**
 * Credited payments whose transfer a reorg took back, with their order. The flag is resolved in
 * Orders' payment flags, where every flag is: linked, not copied.
 */
export function CryptoReorgs() {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const [all, setAll] = useState(false);
  const read = useQuery(cryptoReorgsQuery(all));

  const columns: DataColumn<CryptoReorgView>[] = [
    { key: 'at', header: t`Flagged`, rowHeader: true, cell: (r) => dateTime(r.flaggedAt) },
    {
      key: 'order',
      header: t`Order`,
      cell: (r) => (r.orderNo === null ? '—' : <OrderLink orderNo={r.orderNo} />),
    },
    { key: 'user', header: t`User ID`, cell: (r) => r.userId ?? '—' },
    {
      key: 'amount',
      header: t`Quoted / still on chain`,
      cell: (r) => `${r.quoted ?? '—'} / ${r.onChain ?? '—'} ${r.token ?? ''}`,
    },
    {
      key: 'gone',
      header: t`Transfers gone`,
      className: 'console-crypto-hex',
      cell: (r) => r.reorged.join(', '),
    },
    {
      key: 'state',
      header: t`State`,
      cell: (r) =>
        r.resolvedAt === null
          ? t({ message: 'Open', context: 'a flag' })
          : t`Resolved ${dateTime(r.resolvedAt)}`,
    },
  ];

  return (
    <QueueCard
      title={<Trans>Credits a reorg took back</Trans>}
      note={
        <Trans>
          The membership was kept. The transfer may be mined again; otherwise ask the buyer to pay
          again or refund the order, then resolve its flag in{' '}
          <Link to="/admin/orders">Orders, payment flags</Link>.
        </Trans>
      }
      all={all}
      onAll={setAll}
    >
      <ConsoleTable
        query={read}
        rows={read.data?.reorgs}
        columns={columns}
        rowKey={(r) => r.flagId}
        caption={<Trans>Payments credited, then lost in a reorg</Trans>}
        empty={<Trans>None.</Trans>}
      />
    </QueueCard>
  );
}
