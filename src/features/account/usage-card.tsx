import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatBytes, formatDateTime } from '../../i18n/intl-format';
import { trafficQuery } from './api/node-usage';
import { TitledCard } from '../../components/titled-card';

/** This month's VPN traffic, as the nodes reported it (docs/nodes.md: calendar month, UTC). */
export function UsageCard() {
  const { i18n } = useLingui();
  const { data, isPending, isError, refetch } = useQuery(trafficQuery());
  const day = (iso: string) =>
    formatDateTime(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }, iso);

  return (
    <TitledCard
      className="profile-card"
      titleClassName="profile-card__title"
      title={<Trans>Traffic this month</Trans>}
    >
      {isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {isError && (
        <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
          <Trans>Try again</Trans>
        </button>
      )}
      {data && (
        <>
          <dl className="profile-list">
            <dt>
              <Trans>Upload</Trans>
            </dt>
            <dd>{formatBytes(data.upload)}</dd>
            <dt>
              <Trans>Download</Trans>
            </dt>
            <dd>{formatBytes(data.download)}</dd>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{formatBytes(data.upload + data.download)}</dd>
          </dl>
          <p className="field__hint profile-card__note">
            <Trans>
              Counted since {day(data.periodStart)} (UTC), from zero again on {day(data.periodEnd)}.
              Your plan has no data cap.
            </Trans>
          </p>
        </>
      )}
    </TitledCard>
  );
}
