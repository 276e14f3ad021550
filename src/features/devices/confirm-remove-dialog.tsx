import { useEffect, useId, useRef } from 'react';
import { Trans } from '@lingui/react/macro';

interface Props {
  deviceName: string;
  current: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Removing a device signs it out, so it takes a confirmation. */
export function ConfirmRemoveDialog({ deviceName, current, pending, onCancel, onConfirm }: Props) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <h2 id={titleId} className="dialog__title">
          <Trans>Remove {deviceName}?</Trans>
        </h2>
        <p id={textId} className="dialog__text">
          {current ? (
            <Trans>This is the device you are using: you will be signed out here.</Trans>
          ) : (
            <Trans>
              It will be signed out and has to sign in again to use your account. This frees a seat
              for another device.
            </Trans>
          )}
        </p>
        <div className="dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-secondary"
            onClick={onCancel}
            disabled={pending}
          >
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            {pending && <span className="spinner" aria-hidden="true" />}
            <Trans>Remove device</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
