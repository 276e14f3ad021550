import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  KOL_COMMISSION_STATUSES,
  consoleKolConfirm,
  consoleKolVoid,
  type ConsoleCommission,
  type KolCommissionStatus,
} from '../../../contract/endpoints/console';
import { useDateTime, useMoney } from '../../components/formats';
import type { DataColumn } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, kolCommissionsQuery } from '../api/console-queries';
import { CONSOLE_PAGE_SIZE, PagedList } from '../paged-list';
import { ReasonDialog } from '../reason-field';
import { actionsColumn } from '../console-table';
import { useCommissionStatusLabel } from './commission-status';
import { SmallButton } from '../small-button';
import { OrderLink } from '../section-links';

function ReviewDialog({
  commission,
  act,
  onClose,
}: {
  commission: ConsoleCommission;
  act: 'confirm' | 'void';
  onClose: () => void;
}) {
  const id = commission.id;
  return (
    <ReasonDialog
      title={
        act === 'confirm' ? (
          <Trans>Confirm commission {id}</Trans>
        ) : (
          <Trans>Void commission {id}</Trans>
        )
      }
      text={
        act === 'confirm' ? (
          <Trans>It then matures by itself: pending until its refund window ends.</Trans>
        ) : (
          <Trans>
            Voided, it is never paid; a commission already settled is clawed back against the KOL's
            next payout.
          </Trans>
        )
      }
      label={act === 'confirm' ? <Trans>Confirm</Trans> : <Trans>Void</Trans>}
      danger={act === 'void'}
      refresh={[...CONSOLE_KEY, 'kol']}
      send={(reason) =>
        consoleCall(act === 'confirm' ? consoleKolConfirm : consoleKolVoid, {
          commissionId: id,
          reason,
        })
      }
      onClose={onClose}
    />
  );
}

/**
 * The commissions, newest first, filtered by KOL and status; "Under review" is the queue of held
 * ones, each with the signal that held it, to confirm or void with a reason.
 */
export function CommissionList() {
  const { t } = useLingui();
  const money = useMoney();
  const dateTime = useDateTime();
  const statusLabel = useCommissionStatusLabel();
  const [status, setStatus] = useState<KolCommissionStatus | ''>('held');
  const [kolId, setKolId] = useState('');
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<{
    commission: ConsoleCommission;
    act: 'confirm' | 'void';
  } | null>(null);
  const kol = /^\d+$/.test(kolId.trim()) ? Number(kolId.trim()) : undefined;
  const commissions = useQuery(
    kolCommissionsQuery({
      ...(status ? { status } : {}),
      ...(kol ? { kolId: kol } : {}),
      page,
      pageSize: CONSOLE_PAGE_SIZE,
    }),
  );
  // What tied the buyer to the KOL (server/kol/self-referral.ts); the detail beside it is the
  // matched value as the server recorded it, for the operator to check.
  const signalLabel: Record<string, string> = {
    device: t`Same device as the KOL`,
    signup_ip: t`Same sign-up IP as the KOL`,
    wallet: t`Same wallet as the KOL`,
    payment_account: t`Same payment account as the KOL`,
  };

  const columns: DataColumn<ConsoleCommission>[] = [
    { key: 'id', header: t`Commission`, rowHeader: true, cell: (c) => c.id },
    { key: 'at', header: t`Booked`, cell: (c) => dateTime(c.createdAt) },
    { key: 'kol', header: t`KOL`, cell: (c) => c.kolId },
    { key: 'order', header: t`Order`, cell: (c) => <OrderLink orderNo={c.orderNo} /> },
    {
      key: 'amount',
      header: t`Commission`,
      cell: (c) => (
        <>
          {money({ amount: c.commissionCents, currency: 'USD' })}{' '}
          {c.kind === 'clawback' ? (
            <Trans>(clawback of {c.reversesId})</Trans>
          ) : (
            `(${c.ratePercent} %)`
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (c) => (
        <>
          {statusLabel[c.status]}
          {c.holdSignal && (
            <small className="console-break">
              {' '}
              {signalLabel[c.holdSignal] ?? c.holdSignal}: {c.holdDetail}
            </small>
          )}
          {(c.voidReason ?? c.reviewNote) && (
            <small className="console-break"> {c.voidReason ?? c.reviewNote}</small>
          )}
        </>
      ),
    },
    actionsColumn(t`Actions`, (c) =>
      c.kind === 'commission' && c.status !== 'voided' ? (
        <>
          {c.status === 'held' && (
            <SmallButton
              label={t`Confirm commission ${c.id}`}
              onClick={() => setReviewing({ commission: c, act: 'confirm' })}
            >
              <Trans>Confirm</Trans>
            </SmallButton>
          )}
          <SmallButton
            label={t`Void commission ${c.id}`}
            onClick={() => setReviewing({ commission: c, act: 'void' })}
          >
            <Trans>Void</Trans>
          </SmallButton>
        </>
      ) : null,
    ),
  ];

  return (
    <>
      <PagedList
        title={<Trans>Commissions</Trans>}
        testId="kol-commissions-total"
        query={commissions}
        columns={columns}
        rowKey={(c) => c.id}
        empty={<Trans>No commission here.</Trans>}
        page={page}
        onPage={setPage}
      >
        <div className="console-filters">
          <SelectField
            label={<Trans>Status</Trans>}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={KOL_COMMISSION_STATUSES.map((s) => ({ value: s, label: statusLabel[s] }))}
            anyLabel={<Trans>Any</Trans>}
          />
          <TextField
            label={<Trans>KOL (user ID)</Trans>}
            value={kolId}
            onChange={(value) => {
              setKolId(value);
              setPage(1);
            }}
            inputMode="numeric"
          />
        </div>
      </PagedList>
      {reviewing && (
        <ReviewDialog
          key={`${reviewing.act}-${reviewing.commission.id}`}
          commission={reviewing.commission}
          act={reviewing.act}
          onClose={() => setReviewing(null)}
        />
      )}
    </>
  );
}
