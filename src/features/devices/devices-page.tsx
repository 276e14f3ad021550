import { useCallback, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Trans, useLingui } from '@lingui/react/macro';
import { DeviceType } from '../../../contract/enums';
import { formatCount, formatDateTime, pluralCategory, sentenceGap } from '../../i18n/intl-format';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { OnlineDevices } from './online-devices';
import { deviceListKey, deviceListQuery, unbindDevice } from './api/devices';
import './devices.css';

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

  const formatDate = (iso: string) =>
    formatDateTime(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }, iso);

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
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {data && (
        <>
          <section className="card devices-summary" aria-labelledby="devices-limit">
            <h2 id="devices-limit" className="devices-summary__title">
              <Trans>
                {used} of {max} app devices in use
              </Trans>
            </h2>
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
          </section>

          {data.devices.length === 0 ? (
            <p className="card devices-empty">
              <Trans>No devices yet. Devices appear here when they sign in.</Trans>
            </p>
          ) : (
            <div className="card devices-table-wrap">
              <table className="devices-table">
                <caption className="visually-hidden">
                  <Trans>Devices signed in to your account</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Device name</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Type</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Operating system</Trans>
                    </th>
                    <th scope="col">
                      <Trans>OS version</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Device ID</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Last active</Trans>
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">
                        <Trans>Actions</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.devices.map((device) => {
                    const browser = device.deviceName;
                    const name = !device.web
                      ? device.deviceName
                      : browser
                        ? t`Web browser (${browser})`
                        : t`Web browser`;
                    return (
                      <tr key={device.id} aria-current={device.current ? 'true' : undefined}>
                        <th scope="row" data-label={t`Device name`}>
                          <span className="devices-name">{name}</span>
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
                        </th>
                        <td data-label={t`Type`}>
                          {device.deviceType === DeviceType.MOBILE ? (
                            <Trans context="device type">Mobile</Trans>
                          ) : (
                            <Trans>PC</Trans>
                          )}
                        </td>
                        <td data-label={t`Operating system`}>{device.os}</td>
                        <td data-label={t`OS version`}>{device.osVersion || '—'}</td>
                        <td data-label={t`Device ID`}>
                          {device.web ? (
                            <Trans>Website</Trans>
                          ) : (
                            <span className="devices-id">{device.deviceId}</span>
                          )}
                        </td>
                        <td data-label={t`Last active`}>{formatDate(device.lastSeenAt)}</td>
                        <td className="devices-actions">
                          <button
                            type="button"
                            className="btn btn-secondary devices-remove"
                            aria-label={t`Remove ${name}`}
                            onClick={() =>
                              setRemoving({ id: device.id, name, current: device.current })
                            }
                          >
                            <Trans>Remove</Trans>
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
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
