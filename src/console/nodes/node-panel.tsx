import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NodeRecord } from '../../../contract/endpoints/console';
import type { DataColumn } from '../../components/ui/data-table';
import { Detail } from '../../components/ui/detail';
import { useDateTime } from '../../components/formats';
import { formatBytes } from '../../i18n/intl-format';
import { nodeRecordQuery } from '../api/console-queries';
import { ConsoleTable } from '../console-table';
import { RecordPanel } from '../record-panel';
import { NodeActions } from './node-actions';
import { HealthBadge, Plans, PROTOCOL_NAMES, useWhen } from './node-names';
import type { ShownToken } from './token-dialog';
import { TrafficChart } from './traffic-chart';

/**
 * One node: its settings, health and traffic this month, its acts, its agent's last status report,
 * its traffic per day and who is online on it now.
 */
export function NodePanel({
  nodeId,
  onClose,
  onToken,
}: {
  nodeId: number;
  onClose: () => void;
  onToken: (t: ShownToken) => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const dateTime = useDateTime();
  const record = useQuery(nodeRecordQuery(nodeId));
  const node = record.data?.node;

  const onlineColumns: DataColumn<NodeRecord['online'][number]>[] = [
    { key: 'user', header: t`User ID`, rowHeader: true, cell: (u) => u.userId },
    { key: 'ips', header: t`IP addresses`, cell: (u) => u.ips.join(', ') },
    { key: 'seen', header: t`Last seen`, cell: (u) => dateTime(u.lastSeenAt) },
  ];
  const share = (part: { used: number; total: number }) =>
    part.total > 0
      ? `${formatBytes(part.used)} / ${formatBytes(part.total)}`
      : formatBytes(part.used);

  return (
    <RecordPanel
      title={node ? <Trans>Node {node.name}</Trans> : <Trans>Node {nodeId}</Trans>}
      back={<Trans>Back to the nodes</Trans>}
      onBack={onClose}
      query={record}
    >
      {(data) => (
        <>
          <dl className="console-details console-node-details">
            <Detail term={<Trans>Health</Trans>}>
              <HealthBadge health={data.node.health} />
            </Detail>
            <Detail term={<Trans>Protocol</Trans>}>
              {PROTOCOL_NAMES[data.node.protocol]}
              {data.node.method ? ` (${data.node.method})` : ''}
            </Detail>
            <Detail term={<Trans>Address</Trans>}>
              {data.node.host}:{data.node.port}
            </Detail>
            {data.node.sni && (
              <Detail term={<Trans>TLS server name</Trans>}>{data.node.sni}</Detail>
            )}
            <Detail term={<Trans>Plans</Trans>}>
              <Plans planTypes={data.node.planTypes} />
            </Detail>
            <Detail term={<Trans>Node ID</Trans>}>{data.node.id}</Detail>
            <Detail term={<Trans>Last contact</Trans>}>{when(data.node.lastContactAt)}</Detail>
            <Detail term={<Trans>Last user pull</Trans>}>{when(data.node.lastPullAt)}</Detail>
            <Detail term={<Trans>Last traffic push</Trans>}>{when(data.node.lastPushAt)}</Detail>
            <Detail term={<Trans>Online users</Trans>}>{data.node.onlineUsers}</Detail>
            <Detail term={<Trans>Online addresses</Trans>}>{data.node.onlineIps}</Detail>
            <Detail term={<Trans>Traffic this month</Trans>}>
              <Trans>
                Download {formatBytes(data.node.download)}, upload {formatBytes(data.node.upload)}
              </Trans>
            </Detail>
          </dl>
          <NodeActions node={data.node} onToken={onToken} />
          <h3 className="console-subtitle">
            <Trans>Status report</Trans>
          </h3>
          {data.status === null ? (
            <p className="console-muted">
              <Trans>The agent has sent no status report yet.</Trans>
            </p>
          ) : (
            <dl className="console-details console-node-details">
              <Detail term={<Trans>Reported</Trans>}>{when(data.node.statusAt)}</Detail>
              <Detail term={<Trans>CPU</Trans>}>{data.status.cpu}%</Detail>
              <Detail term={<Trans>Memory</Trans>}>{share(data.status.mem)}</Detail>
              <Detail term={<Trans>Swap</Trans>}>{share(data.status.swap)}</Detail>
              <Detail term={<Trans>Disk</Trans>}>{share(data.status.disk)}</Detail>
            </dl>
          )}
          <TrafficChart series={data.series} />
          <h3 className="console-subtitle">
            <Trans>Online now</Trans>
          </h3>
          <ConsoleTable
            rows={data.online}
            columns={onlineColumns}
            rowKey={(u) => u.userId}
            caption={<Trans>Members online on this node</Trans>}
            empty={<Trans>Nobody is online on this node.</Trans>}
          />
        </>
      )}
    </RecordPanel>
  );
}
