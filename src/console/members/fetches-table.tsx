import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRecord } from '../../../contract/endpoints/console';
import { useDateTime } from '../../components/formats';
import { SubscriptionFetchResult } from '../../components/subscription-fetch-result';
import { type DataColumn } from '../../components/ui/data-table';
import { RecordTable } from '../console-table';

type Fetch = MemberRecord['fetches'][number];

/**
 * The last 20 fetches of the member's import links, newest first, as the member reads them on
 * their security page: when, by which client, from where, served or refused.
 */
export function FetchesTable({ record }: { record: MemberRecord }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const columns: DataColumn<Fetch>[] = [
    { key: 'when', header: t`When`, rowHeader: true, cell: (f) => dateTime(f.fetchedAt) },
    { key: 'client', header: t`App or client`, cell: (f) => f.client || t`Unknown` },
    { key: 'ip', header: t`IP address`, cell: (f) => f.ip },
    {
      key: 'result',
      header: t`Result`,
      cell: (f) => <SubscriptionFetchResult served={f.served} />,
    },
  ];
  return (
    <RecordTable
      title={<Trans>Subscription fetches</Trans>}
      rows={record.fetches}
      columns={columns}
      rowKey={(f) => `${f.fetchedAt} ${f.ip} ${f.client}`}
      empty={<Trans>The subscription has not been fetched.</Trans>}
    />
  );
}
