import type { Key, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { KOL_PAGE_SIZE, KOL_PAYOUT_THRESHOLD_CENTS, explorerTxUrl } from '../../../contract/kol';
import type { CommissionStatusName } from '../../../contract/endpoints/kol';
import { formatMoney } from '../../i18n/intl-format';
import { ProductName, useDate } from '../../components/formats';
import { DataTable, type DataColumn } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { kolCommissionListQuery } from './api/kol-commission-list';
import { kolInvitationListQuery } from './api/kol-invitation-list';
import { kolSettlementListQuery } from './api/kol-settlement-list';
import { shortHash, useUsd } from './kol-format';

function Loading() {
  return (
    <p role="status" className="kol-empty">
      <Trans>Loading…</Trans>
    </p>
  );
}

function StatusBadge({ status }: { status: CommissionStatusName }) {
  const label =
    status === 'held' ? (
      <Trans>Under review</Trans>
    ) : status === 'pending' ? (
      <Trans>Pending</Trans>
    ) : status === 'available' ? (
      <Trans>Available</Trans>
    ) : status === 'settled' ? (
      <Trans>Settled</Trans>
    ) : (
      <Trans>Voided</Trans>
    );
  return <span className={`kol-status kol-status--${status}`}>{label}</span>;
}

interface TabProps {
  page: number;
  onPage: (page: number) => void;
}

/** A ledger's page: the loading line, its empty sentence, or the table and its pager. */
function LedgerPage<Row>({
  list,
  page,
  onPage,
  ...table
}: TabProps & {
  list: { items: readonly Row[]; total: number } | undefined;
  caption: ReactNode;
  empty: ReactNode;
  rowKey: (row: Row, index: number) => Key;
  columns: readonly DataColumn<Row>[];
}) {
  return (
    <>
      <DataTable
        {...table}
        className="kol-table"
        stacked="own"
        loading={<Loading />}
        rows={list && (list.total === 0 ? [] : list.items)}
      />
      {list && list.total > 0 && (
        <Pager
          className="kol-pager"
          page={page}
          total={list.total}
          pageSize={KOL_PAGE_SIZE.default}
          onPage={onPage}
          back={<Trans>Previous</Trans>}
          forward={<Trans>Next</Trans>}
        />
      )}
    </>
  );
}

export function CommissionTable({ page, onPage }: TabProps) {
  const { t, i18n } = useLingui();
  const usd = useUsd();
  const date = useDate();
  const list = useQuery(kolCommissionListQuery(page));
  return (
    <LedgerPage
      list={list.data}
      page={page}
      onPage={onPage}
      caption={<Trans>Commissions</Trans>}
      empty={
        <p className="kol-empty">
          <Trans>No commissions yet. They appear here when a friend you invited buys a plan.</Trans>
        </p>
      }
      rowKey={(c) => c.id}
      columns={[
        { key: 'uid', header: t`Referred UID`, cell: (c) => c.referredUid },
        {
          key: 'package',
          header: t`Package`,
          cell: (c) => <ProductName groupType={c.product.groupType} months={c.product.months} />,
        },
        {
          key: 'paid',
          header: t`Amount paid`,
          cell: (c) => (
            <>
              {usd(c.amountPaidUsdCents)}
              {c.amountPaid.currency !== 'USD' && (
                <span className="kol-cell-note">{formatMoney(i18n.locale, c.amountPaid)}</span>
              )}
            </>
          ),
        },
        {
          key: 'type',
          header: t`Type`,
          cell: (c) =>
            c.kind === 'clawback' ? (
              <Trans>Clawback</Trans>
            ) : c.type === 0 ? (
              <Trans>First</Trans>
            ) : (
              <Trans>Renewal</Trans>
            ),
        },
        { key: 'rate', header: t`Bonus rate`, cell: (c) => `${c.ratePercent}%` },
        {
          key: 'commission',
          header: t`Commission`,
          cell: (c) => <span className="kol-amount">{usd(c.commissionCents)}</span>,
        },
        {
          key: 'status',
          header: t`Status`,
          cell: (c) => (
            <>
              <StatusBadge status={c.status} />
              {c.status === 'pending' && (
                <span className="kol-cell-note">
                  <Trans>from {date(c.availableAt)}</Trans>
                </span>
              )}
            </>
          ),
        },
        { key: 'date', header: t`Date`, cell: (c) => date(c.date) },
      ]}
    />
  );
}

export function SettlementTable({ page, onPage }: TabProps) {
  const { t } = useLingui();
  const usd = useUsd();
  const date = useDate();
  const list = useQuery(kolSettlementListQuery(page));
  return (
    <LedgerPage
      list={list.data}
      page={page}
      onPage={onPage}
      caption={<Trans>Settlements</Trans>}
      empty={
        <p className="kol-empty">
          <Trans>
            No payouts yet. Request one once {usd(KOL_PAYOUT_THRESHOLD_CENTS)} is available.
          </Trans>
        </p>
      }
      rowKey={(s) => s.id}
      columns={[
        {
          key: 'payoutDate',
          header: t`Payout date`,
          cell: (s) =>
            s.paidAt ? (
              date(s.paidAt)
            ) : (
              <span className="kol-status kol-status--pending">
                <Trans>Processing</Trans>
              </span>
            ),
        },
        {
          key: 'period',
          header: t`Period`,
          cell: (s) => `${date(s.periodFrom)} – ${date(s.periodTo)}`,
        },
        {
          key: 'amount',
          header: t`Amount paid`,
          cell: (s) => <span className="kol-amount">{usd(s.amountCents)}</span>,
        },
        {
          key: 'hash',
          header: t`Transaction hash`,
          cell: (s) =>
            s.txHash ? (
              <a
                className="kol-hash"
                href={explorerTxUrl(s.network, s.txHash)}
                target="_blank"
                rel="noopener noreferrer"
                title={s.txHash}
              >
                {shortHash(s.txHash)}
              </a>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}

export function InvitationTable({ page, onPage }: TabProps) {
  const { t } = useLingui();
  const date = useDate();
  const list = useQuery(kolInvitationListQuery(page));
  return (
    <LedgerPage
      list={list.data}
      page={page}
      onPage={onPage}
      caption={<Trans>Invitations</Trans>}
      empty={
        <p className="kol-empty">
          <Trans>No invitations yet. Friends who sign up with your link appear here.</Trans>
        </p>
      }
      rowKey={(row, i) => `${row.referralDate}-${i}`}
      columns={[
        { key: 'uid', header: t`Referred UID`, cell: (row) => row.referredUid },
        { key: 'date', header: t`Referral date`, cell: (row) => date(row.referralDate) },
        {
          key: 'status',
          header: t`Status`,
          cell: (row) =>
            row.status === 1 ? (
              <span className="kol-status kol-status--available">
                <Trans>Paid</Trans>
              </span>
            ) : (
              <span className="kol-status kol-status--registered">
                <Trans>Registered</Trans>
              </span>
            ),
        },
      ]}
    />
  );
}
