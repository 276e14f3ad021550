import type { ReactNode, RefObject } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * A dialog's two answers: the safe one (Cancel unless given) and the act, which shows progress while
 * it runs; both wait meanwhile. Without `onConfirm` the act submits the dialog's form.
 */
export function DialogActions({
  label,
  pending,
  onCancel,
  onConfirm,
  cancelLabel = <Trans>Cancel</Trans>,
  danger = false,
  cancelRef,
}: {
  /** The act itself ("Refund", "Resolve"), not "OK". */
  label: ReactNode;
  pending: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
  cancelLabel?: ReactNode;
  /** An act that cannot be taken back. */
  danger?: boolean;
  cancelRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <div className="dialog__actions">
      <button
        ref={cancelRef}
        type="button"
        className="btn btn-secondary"
        onClick={onCancel}
        disabled={pending}
      >
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        onClick={onConfirm}
        disabled={pending}
        aria-busy={pending}
      >
        {pending && <span className="spinner" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}
