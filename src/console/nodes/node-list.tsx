import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsoleNode } from '../../../contract/endpoints/console';
import type { DataColumn } from '../../components/ui/data-table';
import { TitledCard } from '../../components/titled-card';
import { formatBytes } from '../../i18n/intl-format';
import { nodeListQuery } from '../api/console-queries';
import { ConsoleTable, openColumn } from '../console-table';
import { HealthBadge, PROTOCOL_NAMES, useWhen } from './node-names';
import { SmallButton } from '../small-button';

/** Every node with its health, address, last contact, who is online and its traffic this month. */
export function NodeList({ onOpen }: { onOpen: (nodeId: number) => void }) {
  const { t } = useLingui();
  const when = useWhen();
  const nodes = useQuery(nodeListQuery);
  const columns: DataColumn<ConsoleNode>[] = [
    { key: 'name', header: t`Name`, rowHeader: true, cell: (n) => n.name },
    { key: 'health', header: t`Health`, cell: (n) => <HealthBadge health={n.health} /> },
    {
      key: 'protocol',
      header: t`Protocol`,
      cell: (n) => PROTOCOL_NAMES[n.protocol],
    },
    {
      key: 'address',
      header: t`Address`,
      className: 'console-node-address',
      cell: (n) => `${n.host}:${n.port}`,
    },
    { key: 'contact', header: t`Last contact`, cell: (n) => when(n.lastContactAt) },
    { key: 'online', header: t`Online users`, cell: (n) => n.onlineUsers },
    {
      key: 'traffic',
      header: t`Traffic this month`,
      cell: (n) => formatBytes(n.upload + n.download),
    },
    openColumn(
      t`Actions`,
      (n) => t`Open node ${n.name}`,
      (n) => onOpen(n.id),
    ),
  ];
  return (
    <TitledCard look="console-panel" title={<Trans>All nodes</Trans>}>
      <p>
        <SmallButton onClick={() => void nodes.refetch()} disabled={nodes.isFetching}>
          <Trans>Refresh</Trans>
        </SmallButton>
      </p>
      <ConsoleTable
        query={nodes}
        rows={nodes.data?.nodes}
        columns={columns}
        rowKey={(n) => n.id}
        caption={<Trans>Nodes</Trans>}
        empty={<Trans>No node yet.</Trans>}
      />
    </TitledCard>
  );
}
