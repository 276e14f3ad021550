import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryStatus } from '../../components/query-status';
import { SubscriptionFetchResult } from '../../components/subscription-fetch-result';
import { TitledCard } from '../../components/titled-card';
import { DataTable } from '../../components/ui/data-table';
import { useCompactDateTime } from '../../components/formats';
import { subscriptionFetchesQuery } from '../../lib/queries/subscription';
import { ResetSubscriptionAction } from '../../components/reset-subscription-action';

/**
 * Who fetched the subscription (issue 22, item 7): the last 20 fetches of the member's links, and
 * the reset beside them. The alert e-mail about a new address links here (#subscription-fetches).
 */
export function SubscriptionFetchesCard() {
  const { t } = useLingui();
  const query = useQuery(subscriptionFetchesQuery());
  const when = useCompactDateTime();

  return (
    <TitledCard
      look="security-card"
      titleId="subscription-fetches"
      title={<Trans>Who fetched your subscription</Trans>}
    >
      <p className="security-card__text">
        <Trans>
          Your subscription link works like a password. Each time an app or client fetches one of
          your links it is listed here, and we e-mail you when one is fetched from an address your
          account has not used before. If you do not recognise a fetch, reset your subscription.
        </Trans>
      </p>
      <QueryStatus query={query} />
      {query.data && (
        <DataTable
          className="security-fetches"
          caption={<Trans>The last 20 fetches of your subscription links</Trans>}
          rows={query.data.fetches}
          rowKey={(fetch) => `${fetch.fetchedAt} ${fetch.ip} ${fetch.client}`}
          empty={
            <p>
              <Trans>Your subscription has not been fetched yet.</Trans>
            </p>
          }
          columns={[
            {
              key: 'when',
              header: t`Time`,
              rowHeader: true,
              cell: (fetch) => when(fetch.fetchedAt),
            },
            {
              key: 'client',
              header: t`App or client`,
              cell: (fetch) => fetch.client || t`Unknown`,
            },
            { key: 'ip', header: t`IP address`, cell: (fetch) => fetch.ip },
            {
              key: 'result',
              header: t`Result`,
              cell: (fetch) => <SubscriptionFetchResult served={fetch.served} />,
            },
          ]}
        />
      )}
      <ResetSubscriptionAction
        textClassName="security-card__status"
        buttonClassName="btn btn-secondary security-card__action"
      />
    </TitledCard>
  );
}
