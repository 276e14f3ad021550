import { useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { DialogActions } from './dialog-actions';
import { Modal } from './modal';

interface Props {
  title: ReactNode;
  /** What happens if the person confirms: a sentence, or paragraphs (`<p>`) for more. */
  text: ReactNode;
  /** The confirming button's label: the act itself ("Remove device"), not "OK". */
  confirmLabel: ReactNode;
  /** The safe answer's label; "Cancel" unless something plainer fits ("Keep it on"). */
  cancelLabel?: ReactNode;
  /** The confirmed act is running: both buttons wait, the confirming one shows progress. */
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A question before an act that cannot be taken back (removing a device, cancelling an order,
 * resetting the subscription, turning off the third-party client): a modal alert dialog, focus
 * starts on the safe answer, Escape cancels, the confirming button shows progress while the act runs.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = <Trans>Cancel</Trans>,
  pending = false,
  onCancel,
  onConfirm,
}: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      title={title}
      text={text}
      initialFocus={cancelRef}
      onEscape={onCancel}
    >
      <DialogActions
        label={confirmLabel}
        cancelLabel={cancelLabel}
        pending={pending}
        onCancel={onCancel}
        onConfirm={onConfirm}
        danger
        cancelRef={cancelRef}
      />
    </Modal>
  );
}
