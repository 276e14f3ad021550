import { useCallback, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { DeviceType } from '../../../contract/enums';
import type { device as deviceSchema } from '../../../contract/endpoints/user';
import { formatCount, pluralCategory, sentenceGap } from '../../i18n/intl-format';
import { useCompactDateTime } from '../../components/formats';
import { DataTable } from '../../components/ui/data-table';
import { actionsColumn } from './actions-column';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { OnlineDevices } from './online-devices';
import { deviceListKey, deviceListQuery, unbindDevice } from './api/devices';
import './devices.css';
import { TitledCard } from '../../components/titled-card';
import { RetryButton } from '../../components/retry-button';

type Device = z.infer<typeof deviceSchema>;

interface Removing {
  id: number;
  name: string;
  current: boolean;
}

export default function DevicesPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(deviceListQuery());
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [pending, setPending] = useState(false);

  /** A browser's session is named after the browser; an app's after its device. */
  const deviceName = (device: Device) => {
    const browser = device.deviceName;
    if (!device.web) return device.deviceName;
    return browser ? t`Web browser (${browser})` : t`Web browser`;
  };
  const formatDate = useCompactDateTime();

  const cancel = useCallback(() => setRemoving(null), []);
  const confirm = async () => {
    if (!removing) return;
    setPending(true);
    try {
      await unbindDevice(removing.id);
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: deviceListKey });
    } catch {
      // The toast said why; the dialog stays for another try or a cancel.
    } finally {
      setPending(false);
    }
  };

  const used = data?.devices.filter((d) => !d.web).length ?? 0;
  const max = data?.maxDevices ?? 0;
  // A counted message: see src/i18n/intl-format.ts.
  const seatsCategory = pluralCategory(i18n.locale, max);
  const seats = formatCount(max);

  return (
    <main className="devices">
      <h1 className="page-title">
        <Trans>Devices</Trans>
      </h1>
      {isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {isError && (
        <p>
          <RetryButton onRetry={refetch} />
        </p>
      )}
      {data && (
        <>
          <TitledCard
            look="devices-summary"
            title={
              <Trans>
                {used} of {max} app devices in use
              </Trans>
            }
          >
            <p className="devices-summary__text">
              <Select
                value={seatsCategory}
                _one={`Your plan allows ${seats} app device at once.`}
                other={`Your plan allows ${seats} app devices at once.`}
              />
              {sentenceGap(i18n.locale)}
              <Trans>
                The website does not count towards the limit, so you can always sign in here and
                remove a device to free a seat.
              </Trans>
            </p>
            {used >= max && (
              <p className="devices-summary__text">
                <Link to="/pricing">
                  <Trans>Need more devices? See plans</Trans>
                </Link>
              </p>
            )}
          </TitledCard>

          <DataTable
            className="devices-table"
            wrapClassName="card devices-table-wrap"
            stacked="own"
            caption={<Trans>Devices signed in to your account</Trans>}
            rows={data.devices}
            rowKey={(device) => device.id}
            isCurrent={(device) => device.current}
            empty={
              <p className="card devices-empty">
                <Trans>No devices yet. Devices appear here when they sign in.</Trans>
              </p>
            }
            columns={[
              {
                key: 'name',
                header: t`Device name`,
                rowHeader: true,
                cell: (device) => (
                  <>
                    <span className="devices-name">{deviceName(device)}</span>
                    {device.current && (
                      <span className="badge">
                        <Trans>This device</Trans>
                      </span>
                    )}
                    {device.web && (
                      <span className="badge badge--muted">
                        <Trans>Not counted</Trans>
                      </span>
                    )}
                  </>
                ),
              },
              {
                key: 'type',
                header: t`Type`,
                cell: (device) =>
                  device.deviceType === DeviceType.MOBILE ? (
                    <Trans context="device type">Mobile</Trans>
                  ) : (
                    <Trans>PC</Trans>
                  ),
              },
              { key: 'os', header: t`Operating system`, cell: (device) => device.os },
              {
                key: 'osVersion',
                header: t`OS version`,
                cell: (device) => device.osVersion || '—',
              },
              {
                key: 'deviceId',
                header: t`Device ID`,
                cell: (device) =>
                  device.web ? (
                    <Trans>Website</Trans>
                  ) : (
                    <span className="devices-id">{device.deviceId}</span>
                  ),
              },
              {
                key: 'lastActive',
                header: t`Last active`,
                cell: (device) => formatDate(device.lastSeenAt),
              },
              {
                ...actionsColumn(t`Actions`),
                cell: (device) => {
                  const name = deviceName(device);
                  return (
                    <button
                      type="button"
                      className="btn btn-secondary devices-remove"
                      aria-label={t`Remove ${name}`}
                      onClick={() => setRemoving({ id: device.id, name, current: device.current })}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  );
                },
              },
            ]}
          />
        </>
      )}
      <OnlineDevices />
      {removing && (
        <ConfirmRemoveDialog
          deviceName={removing.name}
          current={removing.current}
          pending={pending}
          onCancel={cancel}
          onConfirm={() => void confirm()}
        />
      )}
    </main>
  );
}
