import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Trans, useLingui } from '@lingui/react/macro';
import { formatCount, pluralCategory, sentenceGap } from '../../i18n/intl-format';
import { useCompactDateTime } from '../../components/formats';
import { DataTable } from '../../components/ui/data-table';
import { actionsColumn } from './actions-column';
import { onlineDevicesKey, onlineDevicesQuery, removeOnlineDevice } from './api/online-devices';
import { RetryButton } from '../../components/retry-button';

/**
 * The devices our VPN servers see connected: one per IP address seen in the last few minutes,
 * counted against the plan's limit by the servers themselves. Freeing a seat helps a device that
 * changed networks and is refused while its old address still counts (docs/nodes.md).
 */
export function OnlineDevices() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useQuery(onlineDevicesQuery());
  const [freeing, setFreeing] = useState<string | null>(null);
  const formatDate = useCompactDateTime();

  const free = async (ip: string) => {
    setFreeing(ip);
    try {
      await removeOnlineDevice(ip);
      await queryClient.invalidateQueries({ queryKey: onlineDevicesKey });
    } catch {
      // The toast said why.
    } finally {
      setFreeing(null);
    }
  };

  if (isError)
    return (
      <p>
        <RetryButton onRetry={refetch} />
      </p>
    );
  if (!data) return null;

  const online = data.devices.length;
  const limit = data.limit;
  const minutes = Math.round(data.onlineWindowSeconds / 60);
  const minutesText = formatCount(minutes);
  const limitText = formatCount(limit);
  const onlineText = formatCount(online);
  // Counted messages: see src/i18n/intl-format.ts.
  const limitCategory = pluralCategory(i18n.locale, limit);
  const minutesCategory = pluralCategory(i18n.locale, minutes);
  const gap = sentenceGap(i18n.locale);

  return (
    <section className="card devices-online" aria-labelledby="devices-online">
      <div className="devices-online__intro">
        <h2 id="devices-online" className="devices-summary__title">
          <Select
            value={limitCategory}
            _one={`${onlineText} of ${limitText} device connected to our VPN servers`}
            other={`${onlineText} of ${limitText} devices connected to our VPN servers`}
          />
        </h2>
        <p className="devices-summary__text">
          <Select
            value={limitCategory}
            _one={`The servers let ${limitText} device connect at once.`}
            other={`The servers let ${limitText} devices connect at once.`}
          />
          {gap}
          <Select
            value={minutesCategory}
            _one={`A device is an IP address a server saw in the last ${minutesText} minute.`}
            other={`A device is an IP address a server saw in the last ${minutesText} minutes.`}
          />
          {gap}
          <Trans>
            If a device changed networks and is refused, free the seat its old address holds.
          </Trans>
        </p>
      </div>
      <DataTable
        className="devices-table"
        stacked="own"
        caption={<Trans>Devices connected to our VPN servers</Trans>}
        rows={data.devices}
        rowKey={(device) => device.ip}
        empty={
          <p className="devices-online__empty">
            <Trans>No device is connected right now.</Trans>
          </p>
        }
        columns={[
          {
            key: 'ip',
            header: t`IP address`,
            rowHeader: true,
            cell: (device) => <span className="devices-id">{device.ip}</span>,
          },
          { key: 'servers', header: t`Servers`, cell: (device) => device.nodes.join(', ') },
          {
            key: 'lastSeen',
            header: t`Last seen`,
            cell: (device) => formatDate(device.lastSeenAt),
          },
          {
            ...actionsColumn(t`Actions`),
            cell: (device) => (
              <button
                type="button"
                className="btn btn-secondary devices-remove"
                aria-label={t`Free the seat of ${device.ip}`}
                disabled={freeing !== null}
                aria-busy={freeing === device.ip}
                onClick={() => void free(device.ip)}
              >
                <Trans>Free seat</Trans>
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
