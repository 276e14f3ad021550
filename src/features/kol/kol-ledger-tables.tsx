import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { KOL_PAGE_SIZE, KOL_PAYOUT_THRESHOLD_CENTS, explorerTxUrl } from '../../../contract/kol';
import type { CommissionStatusName } from '../../../contract/endpoints/kol';
import { formatMoney } from '../../i18n/intl-format';
import { ProductName, useDate } from '../../components/formats';
import { kolCommissionListQuery } from './api/kol-commission-list';
import { kolInvitationListQuery } from './api/kol-invitation-list';
import { kolSettlementListQuery } from './api/kol-settlement-list';
import { shortHash, useUsd } from './kol-format';

/** A table whose rows become labelled cards on a phone (each cell carries its column's name). */
function LedgerTable({
  caption,
  columns,
  rows,
}: {
  caption: ReactNode;
  columns: readonly { key: string; label: string }[];
  rows: readonly { key: string | number; cells: Record<string, ReactNode> }[];
}) {
  return (
    <table className="kol-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {columns.map((c) => (
              <td key={c.key} data-label={c.label}>
                {row.cells[c.key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / KOL_PAGE_SIZE.default));
  if (pages <= 1) return null;
  return (
    <nav className="kol-pager" aria-label={t`Pages`}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <Trans>Previous</Trans>
      </button>
      <span className="kol-pager__at">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}

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

export function CommissionTable({ page, onPage }: TabProps) {
  const { t, i18n } = useLingui();
  const usd = useUsd();
  const date = useDate();
  const list = useQuery(kolCommissionListQuery(page));
  if (!list.data) return <Loading />;
  if (list.data.total === 0)
    return (
      <p className="kol-empty">
        <Trans>No commissions yet. They appear here when a friend you invited buys a plan.</Trans>
      </p>
    );
  return (
    <>
      <LedgerTable
        caption={<Trans>Commissions</Trans>}
        columns={[
          { key: 'uid', label: t`Referred UID` },
          { key: 'package', label: t`Package` },
          { key: 'paid', label: t`Amount paid` },
          { key: 'type', label: t`Type` },
          { key: 'rate', label: t`Bonus rate` },
          { key: 'commission', label: t`Commission` },
          { key: 'status', label: t`Status` },
          { key: 'date', label: t`Date` },
        ]}
        rows={list.data.items.map((c) => ({
          key: c.id,
          cells: {
            uid: c.referredUid,
            package: <ProductName groupType={c.product.groupType} months={c.product.months} />,
            paid: (
              <>
                {usd(c.amountPaidUsdCents)}
                {c.amountPaid.currency !== 'USD' && (
                  <span className="kol-cell-note">{formatMoney(i18n.locale, c.amountPaid)}</span>
                )}
              </>
            ),
            type:
              c.kind === 'clawback' ? (
                <Trans>Clawback</Trans>
              ) : c.type === 0 ? (
                <Trans>First</Trans>
              ) : (
                <Trans>Renewal</Trans>
              ),
            rate: `${c.ratePercent}%`,
            commission: <span className="kol-amount">{usd(c.commissionCents)}</span>,
            status: (
              <>
                <StatusBadge status={c.status} />
                {c.status === 'pending' && (
                  <span className="kol-cell-note">
                    <Trans>from {date(c.availableAt)}</Trans>
                  </span>
                )}
              </>
            ),
            date: date(c.date),
          },
        }))}
      />
      <Pager page={page} total={list.data.total} onPage={onPage} />
    </>
  );
}

export function SettlementTable({ page, onPage }: TabProps) {
  const { t } = useLingui();
  const usd = useUsd();
  const date = useDate();
  const list = useQuery(kolSettlementListQuery(page));
  if (!list.data) return <Loading />;
  if (list.data.total === 0)
    return (
      <p className="kol-empty">
        <Trans>
          No payouts yet. Request one once {usd(KOL_PAYOUT_THRESHOLD_CENTS)} is available.
        </Trans>
      </p>
    );
  return (
    <>
      <LedgerTable
        caption={<Trans>Settlements</Trans>}
        columns={[
          { key: 'payoutDate', label: t`Payout date` },
          { key: 'period', label: t`Period` },
          { key: 'amount', label: t`Amount paid` },
          { key: 'hash', label: t`Transaction hash` },
        ]}
        rows={list.data.items.map((s) => ({
          key: s.id,
          cells: {
            payoutDate: s.paidAt ? (
              date(s.paidAt)
            ) : (
              <span className="kol-status kol-status--pending">
                <Trans>Processing</Trans>
              </span>
            ),
            period: `${date(s.periodFrom)} – ${date(s.periodTo)}`,
            amount: <span className="kol-amount">{usd(s.amountCents)}</span>,
            hash: s.txHash ? (
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
        }))}
      />
      <Pager page={page} total={list.data.total} onPage={onPage} />
    </>
  );
}

export function InvitationTable({ page, onPage }: TabProps) {
  const { t } = useLingui();
  const date = useDate();
  const list = useQuery(kolInvitationListQuery(page));
  if (!list.data) return <Loading />;
  if (list.data.total === 0)
    return (
      <p className="kol-empty">
        <Trans>No invitations yet. Friends who sign up with your link appear here.</Trans>
      </p>
    );
  return (
    <>
      <LedgerTable
        caption={<Trans>Invitations</Trans>}
        columns={[
          { key: 'uid', label: t`Referred UID` },
          { key: 'date', label: t`Referral date` },
          { key: 'status', label: t`Status` },
        ]}
        rows={list.data.items.map((row, i) => ({
          key: `${row.referralDate}-${i}`,
          cells: {
            uid: row.referredUid,
            date: date(row.referralDate),
            status:
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
        }))}
      />
      <Pager page={page} total={list.data.total} onPage={onPage} />
    </>
  );
}
