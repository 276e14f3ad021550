import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatBytes, formatDateTime } from '../../i18n/intl-format';
import { trafficQuery } from './api/node-usage';
import { QueryStatus } from '../../components/query-status';
import { TitledCard } from '../../components/titled-card';
import { Detail } from '../../components/ui/detail';

/** This month's VPN traffic, as the nodes reported it (docs/nodes.md: calendar month, UTC). */
export function UsageCard() {
  const { i18n } = useLingui();
  const query = useQuery(trafficQuery());
  const { data } = query;
  const day = (iso: string) =>
    formatDateTime(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }, iso);

  return (
    <TitledCard look="profile-card" title={<Trans>Traffic this month</Trans>}>
      <QueryStatus query={query} />
      {data && (
        <>
          <dl className="profile-list">
            <Detail term={<Trans>Upload</Trans>}>{formatBytes(data.upload)}</Detail>
            <Detail term={<Trans>Download</Trans>}>{formatBytes(data.download)}</Detail>
            <Detail term={<Trans>Total</Trans>}>{formatBytes(data.upload + data.download)}</Detail>
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
