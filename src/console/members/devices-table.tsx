import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRecord } from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { useDateTime } from '../../components/formats';
import { RecordTable, actionsColumn } from '../console-table';
import { SmallButton } from '../small-button';

export type MemberDevice = MemberRecord['devices'][number];

/** A device as the member named it, else its system. */
export const deviceName = (device: MemberDevice) => device.name || device.os;

/** A member's devices, each with a Remove button when `onRemove` is given (the role may act). */
export function DevicesTable({
  record,
  onRemove,
}: {
  record: MemberRecord;
  onRemove: ((device: MemberDevice) => void) | undefined;
}) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const columns: DataColumn<MemberDevice>[] = [
    { key: 'name', header: t`Device`, rowHeader: true, cell: deviceName },
    { key: 'os', header: t`System`, cell: (d) => (d.isWeb ? t`Web` : d.os) },
    { key: 'seen', header: t`Last seen`, cell: (d) => dateTime(d.lastSeenAt) },
    ...(onRemove
      ? [
          actionsColumn(t`Actions`, (d: MemberDevice) => (
            <SmallButton label={t`Remove the device ${deviceName(d)}`} onClick={() => onRemove(d)}>
              <Trans>Remove</Trans>
            </SmallButton>
          )),
        ]
      : []),
  ];
  return (
    <RecordTable
      title={<Trans context="a list">Devices</Trans>}
      rows={record.devices}
      columns={columns}
      rowKey={(d) => d.id}
      empty={<Trans>No device.</Trans>}
    />
  );
}
