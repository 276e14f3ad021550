import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleKolPayoutBatch,
  consoleKolRecordPayout,
  consoleKolVerifyPayout,
  type ConsoleSettlement,
} from '../../../contract/endpoints/console';
import { explorerTxUrl } from '../../../contract/kol';
import { useDateTime, useMoney } from '../../components/formats';
import type { DataColumn } from '../../components/ui/data-table';
import { errorCodeOf } from '../../lib/api-error';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, kolSettlementsQuery } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { usePayoutReasonText } from './payout-reason';
import { FormDialog, RefusalNotice } from '../form-dialog';
import { CONSOLE_PAGE_SIZE, PagedList } from '../paged-list';
import { StepUpCancelled, useStepUp } from '../step-up';
import { useConsoleSession } from '../use-console-session';
import { actionsColumn } from '../console-table';
import { VerbatimField } from '../console-fields';
import { SmallButton } from '../small-button';

/** The payout's hash, recorded or corrected after a fresh code; the server asks the chain. */
function PayoutDialog({
  settlement,
  onClose,
}: {
  settlement: ConsoleSettlement;
  onClose: () => void;
}) {
  const id = settlement.id;
  const act = useConsoleAct([...CONSOLE_KEY, 'kol']);
  const [txHash, setTxHash] = useState('');

  const submit = async () => {
    const recorded = await act.run(() =>
      consoleCall(consoleKolRecordPayout, {
        settlementId: id,
        txHash,
        correct: settlement.txHash !== null,
      }),
    );
    if (recorded) onClose();
  };

  return (
    <FormDialog
      title={
        settlement.txHash ? (
          <Trans>Correct the payout hash of settlement {id}</Trans>
        ) : (
          <Trans>Record the payout of settlement {id}</Trans>
        )
      }
      text={
        <Trans>
          The transaction that sent the USDT. It is checked on chain: a transfer of the amount to
          the address marks the settlement paid.
        </Trans>
      }
      label={<Trans>Record</Trans>}
      act={act}
      onCancel={onClose}
      onSubmit={submit}
    >
      <VerbatimField label={<Trans>Transaction hash</Trans>} value={txHash} onChange={setTxHash} />
    </FormDialog>
  );
}

/**
 * The settlements, newest first: amount, where it goes, its state and the recorded hash with how
 * the chain answered; record or correct the hash, verify it again, run the payout batch.
 */
export function SettlementList() {
  const { t } = useLingui();
  const payoutNote = usePayoutReasonText();
  const money = useMoney();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const runWithStepUp = useStepUp();
  const session = useConsoleSession();
  const canPay = session.permissions.includes('kol.payout');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<ConsoleSettlement | null>(null);
  const [failure, setFailure] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const settlements = useQuery(kolSettlementsQuery({ page, pageSize: CONSOLE_PAGE_SIZE }));
  const usd = (cents: number) => money({ amount: cents, currency: 'USD' });

  const act = async (run: () => Promise<string>) => {
    setFailure(null);
    setDone(null);
    try {
      setDone(await run());
    } catch (refusal) {
      if (!(refusal instanceof StepUpCancelled)) setFailure(errorCodeOf(refusal));
    } finally {
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'kol'] });
    }
  };
  const batch = () =>
    act(async () => {
      const { settled } = await runWithStepUp(() => consoleCall(consoleKolPayoutBatch, {}));
      const made = settled.length;
      return t`Payout batch done. Settlements made: ${made}.`;
    });
  const verify = (s: ConsoleSettlement) =>
    act(async () => {
      const { settlement } = await consoleCall(consoleKolVerifyPayout, { settlementId: s.id });
      const note = payoutNote(settlement.verificationReason, settlement.verificationNote);
      return settlement.verification === 'verified'
        ? t`Settlement ${s.id} is verified on chain: paid.`
        : t`Settlement ${s.id} is not verified yet: ${note}`;
    });

  const columns: DataColumn<ConsoleSettlement>[] = [
    { key: 'id', header: t`Settlement`, rowHeader: true, cell: (s) => s.id },
    { key: 'at', header: t`Made`, cell: (s) => dateTime(s.createdAt) },
    { key: 'kol', header: t`KOL`, cell: (s) => s.kolId },
    { key: 'amount', header: t`Amount`, cell: (s) => usd(s.amountCents) },
    {
      key: 'to',
      header: t`Pay to`,
      cell: (s) => (
        <>
          {s.payoutNetwork} <code className="console-break">{s.payoutAddress}</code>
        </>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (s) => (
        <>
          {s.status === 'paid' ? <Trans>Paid</Trans> : <Trans>Processing</Trans>}
          {s.txHash && (
            <small className="console-break">
              {' '}
              <a href={explorerTxUrl(s.payoutNetwork, s.txHash)} target="_blank" rel="noreferrer">
                <code>{s.txHash.slice(0, 12)}…</code>
              </a>{' '}
              {s.verification === 'verified' ? (
                <Trans>verified on chain</Trans>
              ) : s.verification === 'rejected' ? (
                <Trans>rejected: {payoutNote(s.verificationReason, s.verificationNote)}</Trans>
              ) : (
                <Trans>unverified: {payoutNote(s.verificationReason, s.verificationNote)}</Trans>
              )}
            </small>
          )}
        </>
      ),
    },
    actionsColumn(t`Actions`, (s) =>
      canPay ? (
        <>
          {s.verification !== 'verified' && (
            <SmallButton
              label={t`Record the payout of settlement ${s.id}`}
              onClick={() => setPaying(s)}
            >
              {s.txHash ? <Trans>Correct hash</Trans> : <Trans>Record payout</Trans>}
            </SmallButton>
          )}
          {s.txHash && s.verification !== 'verified' && (
            <SmallButton label={t`Verify settlement ${s.id} again`} onClick={() => void verify(s)}>
              <Trans>Verify again</Trans>
            </SmallButton>
          )}
        </>
      ) : null,
    ),
  ];

  return (
    <>
      <PagedList
        title={<Trans>Settlements</Trans>}
        testId="kol-settlements-total"
        query={settlements}
        columns={columns}
        rowKey={(s) => s.id}
        empty={<Trans>No settlement yet.</Trans>}
        page={page}
        onPage={setPage}
      >
        {canPay && (
          <p>
            <SmallButton onClick={() => void batch()}>
              <Trans>Run the payout batch (every KOL at $100)</Trans>
            </SmallButton>
          </p>
        )}
        {done && <p role="status">{done}</p>}
        <RefusalNotice failure={failure} />
      </PagedList>
      {paying && (
        <PayoutDialog key={paying.id} settlement={paying} onClose={() => setPaying(null)} />
      )}
    </>
  );
}
