import { Trans } from '@lingui/react/macro';
import type { DataOf, endpoints } from '../../../contract';
import { useUsd } from './kol-format';
import { PayoutPanel } from './payout-panel';

type Summary = DataOf<typeof endpoints.kolSummary>;

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
    <section className="card kol-card" aria-labelledby="kol-summary-title">
      <h2 id="kol-summary-title" className="kol-card__title">
        <Trans>Earnings</Trans>
      </h2>
      <dl className="kol-stats">
        <div className="kol-stat">
          <dt>
            <Trans>Pending</Trans>
          </dt>
          <dd data-testid="kol-pending">{usd(summary.pendingCents)}</dd>
          <dd className="kol-stat__note">
            <Trans>In the refund window</Trans>
          </dd>
          {summary.heldCents > 0 && (
            <dd className="kol-stat__note" data-testid="kol-held">
              <Trans>{usd(summary.heldCents)} under review</Trans>
            </dd>
          )}
        </div>
        <div className="kol-stat kol-stat--main">
          <dt>
            <Trans>Available</Trans>
          </dt>
          <dd data-testid="kol-available">{usd(summary.availableCents)}</dd>
          <dd className="kol-stat__note">
            <Trans>Ready for a payout</Trans>
          </dd>
        </div>
        <div className="kol-stat">
          <dt>
            <Trans>Paid to date</Trans>
          </dt>
          <dd data-testid="kol-paid">{usd(summary.paidCents)}</dd>
          <dd className="kol-stat__note">
            {summary.processingCents > 0 ? (
              <Trans>{usd(summary.processingCents)} processing</Trans>
            ) : (
              <Trans>In USDT</Trans>
            )}
          </dd>
        </div>
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
    </section>
  );
}
