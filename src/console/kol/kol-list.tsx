import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleKolEnd,
  consoleKolSettle,
  type ConsoleKol,
} from '../../../contract/endpoints/console';
import { useDateTime, useMoney } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { DataColumn } from '../../components/ui/data-table';
import { errorCodeOf } from '../../lib/api-error';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, kolListQuery } from '../api/console-queries';
import { ConsoleTable, actionsColumn } from '../console-table';
import { useConsoleSession } from '../use-console-session';
import { KolTermsDialog } from './kol-terms';
import { RefusalNotice } from '../form-dialog';
import { SmallButton } from '../small-button';

type Act = { kind: 'end' | 'settle'; kol: ConsoleKol } | { kind: 'terms'; kol: ConsoleKol | null };

/**
 * The KOLs, current and former, with their rates, payout address and totals; make one, change the
 * terms, end one, and (finance, owners) settle one: every available commission into a settlement.
 */
export function KolList() {
  const { t } = useLingui();
  const money = useMoney();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const session = useConsoleSession();
  const canSettle = session.permissions.includes('kol.payout');
  const kols = useQuery(kolListQuery);
  const [act, setAct] = useState<Act | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const usd = (cents: number) => money({ amount: cents, currency: 'USD' });

  const run = async (kind: 'end' | 'settle', kol: ConsoleKol) => {
    setPending(true);
    setFailure(null);
    try {
      if (kind === 'end') {
        await consoleCall(consoleKolEnd, { kolId: kol.userId });
        setDone(t`KOL ${kol.userId} ended; what they earned is still paid.`);
      } else {
        const { settlement } = await consoleCall(consoleKolSettle, { kolId: kol.userId });
        setDone(t`Settlement ${settlement.id}: ${usd(settlement.amountCents)} to pay.`);
      }
      setAct(null);
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'kol'] });
    }
  };

  const columns: DataColumn<ConsoleKol>[] = [
    {
      key: 'kol',
      header: t`KOL`,
      rowHeader: true,
      cell: (k) => `${k.userId} ${k.username ?? ''}`,
    },
    {
      key: 'state',
      header: t`State`,
      cell: (k) => (k.endedAt ? <Trans>Ended {dateTime(k.endedAt)}</Trans> : <Trans>Active</Trans>),
    },
    {
      key: 'rates',
      header: t`First / renewal`,
      cell: (k) => `${k.firstRatePercent} % / ${k.renewalRatePercent} %`,
    },
    {
      key: 'payout',
      header: t`Payout`,
      cell: (k) =>
        k.payoutNetwork ? (
          <>
            {k.payoutNetwork} <code className="console-break">{k.payoutAddress}</code>
          </>
        ) : (
          '—'
        ),
    },
    { key: 'held', header: t`Under review`, cell: (k) => usd(k.totals.heldCents) },
    {
      key: 'pending',
      header: t({ message: 'Pending', context: 'to settle' }),
      cell: (k) => usd(k.totals.pendingCents),
    },
    {
      key: 'available',
      header: t({ message: 'Available', context: 'to settle' }),
      cell: (k) => usd(k.totals.availableCents),
    },
    { key: 'processing', header: t`Processing`, cell: (k) => usd(k.totals.processingCents) },
    { key: 'paid', header: t`Paid`, cell: (k) => usd(k.totals.paidCents) },
    actionsColumn(t`Actions`, (k) => (
      <>
        <SmallButton
          label={t`Change the terms of KOL ${k.userId}`}
          onClick={() => setAct({ kind: 'terms', kol: k })}
        >
          <Trans>Terms</Trans>
        </SmallButton>
        {canSettle && (
          <SmallButton
            label={t`Settle KOL ${k.userId}`}
            onClick={() => {
              setFailure(null);
              setAct({ kind: 'settle', kol: k });
            }}
          >
            <Trans>Settle</Trans>
          </SmallButton>
        )}
        {!k.endedAt && (
          <SmallButton
            label={t`End KOL ${k.userId}`}
            onClick={() => {
              setFailure(null);
              setAct({ kind: 'end', kol: k });
            }}
          >
            <Trans>End</Trans>
          </SmallButton>
        )}
      </>
    )),
  ];

  return (
    <TitledCard look="console-panel" title={<Trans>KOLs</Trans>}>
      <p>
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => setAct({ kind: 'terms', kol: null })}
        >
          <Trans>Make a KOL</Trans>
        </button>
      </p>
      {done && (
        <p className="console-panel--notice" role="status">
          {done}
        </p>
      )}
      <ConsoleTable
        query={kols}
        rows={kols.data?.kols}
        columns={columns}
        rowKey={(k) => k.userId}
        caption={<Trans>KOLs</Trans>}
        empty={<Trans>No KOL yet.</Trans>}
      />
      {act?.kind === 'terms' && (
        <KolTermsDialog
          kol={act.kol}
          onClose={() => setAct(null)}
          onSaved={(kol) => {
            setDone(t`KOL ${kol.userId} saved.`);
            setAct(null);
          }}
        />
      )}
      {act && act.kind !== 'terms' && (
        <ConfirmDialog
          title={
            act.kind === 'end' ? (
              <Trans>End KOL {act.kol.userId}?</Trans>
            ) : (
              <Trans>Settle KOL {act.kol.userId}?</Trans>
            )
          }
          text={
            <>
              {act.kind === 'end' ? (
                <Trans>
                  No commission is booked for their friends' payments after this; what they earned
                  stays payable.
                </Trans>
              ) : (
                <Trans>
                  Every available commission ({usd(act.kol.totals.availableCents)}) goes into one
                  settlement to their payout address, to pay in USDT.
                </Trans>
              )}
              <RefusalNotice failure={failure} />
            </>
          }
          confirmLabel={act.kind === 'end' ? <Trans>End</Trans> : <Trans>Settle</Trans>}
          pending={pending}
          onCancel={() => setAct(null)}
          onConfirm={() => void run(act.kind, act.kol)}
        />
      )}
    </TitledCard>
  );
}
