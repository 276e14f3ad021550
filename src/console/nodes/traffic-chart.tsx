import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NodeRecord } from '../../../contract/endpoints/console';
import { formatBytes } from '../../i18n/intl-format';
import { LineChart, type ChartSeries } from '../charts/line-chart';

/** A node's download and upload per day over the last 30 days, or the sentence that it had none. */
export function TrafficChart({ series }: { series: NodeRecord['series'] }) {
  const { t } = useLingui();
  const days = useMemo(() => series.map((d) => d.day), [series]);
  const lines = useMemo<ChartSeries[]>(
    () => [
      { label: t`Download`, values: series.map((d) => d.download), colour: '--c-brand' },
      { label: t`Upload`, values: series.map((d) => d.upload), colour: '--c-accent' },
    ],
    [series, t],
  );
  const any = series.some((d) => d.upload > 0 || d.download > 0);
  // A chart of zeros says nothing and its byte axis reads "0 B, 0 B, 1 B": the sentence says it.
  if (!any)
    return (
      <>
        <h3 className="console-subtitle">
          <Trans>Traffic per day, last 30 days (UTC)</Trans>
        </h3>
        <p className="console-muted">
          <Trans>The node has reported no traffic in the last 30 days.</Trans>
        </p>
      </>
    );
  return (
    <LineChart
      title={<Trans>Traffic per day, last 30 days (UTC)</Trans>}
      days={days}
      series={lines}
      format={formatBytes}
    />
  );
}
