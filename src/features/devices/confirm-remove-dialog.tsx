import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

interface Props {
  deviceName: string;
  current: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Removing a device signs it out, so it takes a confirmation. */
export function ConfirmRemoveDialog({ deviceName, current, pending, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      title={<Trans>Remove {deviceName}?</Trans>}
      text={
        current ? (
          <Trans>This is the device you are using: you will be signed out here.</Trans>
        ) : (
          <Trans>
            It will be signed out and has to sign in again to use your account. This frees a seat
            for another device.
          </Trans>
        )
      }
      confirmLabel={<Trans>Remove device</Trans>}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
