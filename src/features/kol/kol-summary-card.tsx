import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { DataOf, endpoints } from '../../../contract';
import { useUsd } from './kol-format';
import { PayoutPanel } from './payout-panel';
import { TitledCard } from '../../components/titled-card';

type Summary = DataOf<typeof endpoints.kolSummary>;

/** One total: its name, the amount, a note under it and any further notes. */
function KolStat({
  label,
  testId,
  amount,
  note,
  main = false,
  children,
}: {
  label: ReactNode;
  testId: string;
  amount: ReactNode;
  note: ReactNode;
  /** The total the card is about (the one a payout draws on). */
  main?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={main ? 'kol-stat kol-stat--main' : 'kol-stat'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{amount}</dd>
      <dd className="kol-stat__note">{note}</dd>
      {children}
    </div>
  );
}

/** The totals, the way to the $100 threshold, and the payout request. */
export function KolSummaryCard({ summary }: { summary: Summary }) {
  const usd = useUsd();
  const progress = Math.max(
    0,
    Math.min(100, Math.floor((summary.availableCents / summary.thresholdCents) * 100)),
  );
  const available = usd(Math.max(0, summary.availableCents));
  const threshold = usd(summary.thresholdCents);
  return (
    <TitledCard look="kol-card" title={<Trans>Earnings</Trans>}>
      <dl className="kol-stats">
        <KolStat
          label={<Trans>Pending</Trans>}
          testId="kol-pending"
          amount={usd(summary.pendingCents)}
          note={<Trans>In the refund window</Trans>}
        >
          {summary.heldCents > 0 && (
            <dd className="kol-stat__note" data-testid="kol-held">
              <Trans>{usd(summary.heldCents)} under review</Trans>
            </dd>
          )}
        </KolStat>
        <KolStat
          main
          label={<Trans>Available</Trans>}
          testId="kol-available"
          amount={usd(summary.availableCents)}
          note={<Trans>Ready for a payout</Trans>}
        />
        <KolStat
          label={<Trans>Paid to date</Trans>}
          testId="kol-paid"
          amount={usd(summary.paidCents)}
          note={
            summary.processingCents > 0 ? (
              <Trans>{usd(summary.processingCents)} processing</Trans>
            ) : (
              <Trans>In USDT</Trans>
            )
          }
        />
      </dl>
      <div className="kol-progress">
        <div className="kol-progress__label" id="kol-progress-label">
          <Trans>
            {available} of {threshold} toward your next payout
          </Trans>
        </div>
        <div
          className="kol-progress__track"
          role="progressbar"
          aria-labelledby="kol-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="kol-progress__bar" style={{ width: `${progress}%` }} />
        </div>
      </div>
      <PayoutPanel
        availableCents={summary.availableCents}
        thresholdCents={summary.thresholdCents}
        payout={summary.payout}
      />
    </TitledCard>
  );
}
