import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { consoleResolveFlag, type PaymentFlag } from '../../../contract/endpoints/console';
import { useDateTime } from '../../components/formats';
import type { DataColumn } from '../../components/ui/data-table';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, paymentFlagsQuery } from '../api/console-queries';
import { CONSOLE_PAGE_SIZE, PagedList } from '../paged-list';
import { ReasonDialog } from '../reason-field';
import { useConsoleSession } from '../use-console-session';
import { FlagReason } from './flag-reason';
import { actionsColumn } from '../console-table';
import { SmallButton } from '../small-button';

function ResolveDialog({ flag, onClose }: { flag: PaymentFlag; onClose: () => void }) {
  const flagId = flag.id;
  return (
    <ReasonDialog
      title={<Trans>Resolve flag {flagId}</Trans>}
      text={<Trans>Say what was done about it (refunded, credited by hand, nothing due...).</Trans>}
      label={<Trans>Resolve</Trans>}
      refresh={[...CONSOLE_KEY, 'orders']}
      send={(reason) => consoleCall(consoleResolveFlag, { flagId, reason })}
      onClose={onClose}
    />
  );
}

/**
 * The payments an operator must look at, open ones first (or every one, resolved too): why, the
 * order and the gateway's trade; finance and owners resolve them with what was done.
 */
export function PaymentFlags({ onOpenOrder }: { onOpenOrder: (orderId: string) => void }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const session = useConsoleSession();
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<PaymentFlag | null>(null);
  const flags = useQuery(paymentFlagsQuery(all, page, CONSOLE_PAGE_SIZE));
  const canResolve = session.permissions.includes('payment-flags.resolve');

  const columns: DataColumn<PaymentFlag>[] = [
    { key: 'at', header: t`When`, rowHeader: true, cell: (f) => dateTime(f.createdAt) },
    { key: 'reason', header: t`Why`, cell: (f) => <FlagReason reason={f.reason} /> },
    {
      key: 'order',
      header: t`Order`,
      cell: (f) =>
        f.orderId ? (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={t`Open order ${f.orderId}`}
            onClick={() => onOpenOrder(f.orderId!)}
          >
            {f.orderId}
          </button>
        ) : (
          '—'
        ),
    },
    {
      key: 'trade',
      header: t`Trade`,
      cell: (f) => (
        <>
          {f.gateway} <code>{f.tradeNo ?? '—'}</code>
        </>
      ),
    },
    actionsColumn(t`Status`, (f) =>
      f.resolvedAt ? (
        <Trans>Resolved {dateTime(f.resolvedAt)}</Trans>
      ) : canResolve ? (
        <SmallButton label={t`Resolve flag ${f.id}`} onClick={() => setResolving(f)}>
          <Trans>Resolve</Trans>
        </SmallButton>
      ) : (
        <Trans context="a flag">Open</Trans>
      ),
    ),
  ];

  return (
    <>
      <PagedList
        title={<Trans>Payment flags</Trans>}
        testId="flags-total"
        query={flags}
        columns={columns}
        rowKey={(f) => f.id}
        empty={all ? <Trans>No flag.</Trans> : <Trans>No open flag: nothing waits for you.</Trans>}
        page={page}
        onPage={setPage}
      >
        <label className="console-check">
          <input
            type="checkbox"
            checked={all}
            onChange={(event) => {
              setAll(event.target.checked);
              setPage(1);
            }}
          />{' '}
          <Trans>Show resolved flags too</Trans>
        </label>
      </PagedList>
      {resolving && <ResolveDialog flag={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}
