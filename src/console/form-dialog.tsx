import type { ReactNode, RefObject } from 'react';
import { ErrorNotice } from '../components/error-notice';
import type { Refusal } from '../lib/api-error';
import { DialogActions } from '../components/ui/dialog-actions';
import { Modal } from '../components/ui/modal';

/**
 * A console act that asks for a few fields first (a refund, a payment confirmed by hand, a flag
 * resolved): the dialog, the server's refusal above the fields, and Cancel beside the act. Escape
 * cancels unless the act is running.
 */
export function FormDialog({
  title,
  text,
  role,
  label,
  danger,
  pending,
  failure,
  onCancel,
  onSubmit,
  cancelRef,
  children,
}: {
  title: ReactNode;
  text: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** The act's button ("Refund", "Resolve"). */
  label: ReactNode;
  danger?: boolean;
  pending: boolean;
  /** The last refusal (its contract code, or the code with the data its words name), or null. */
  failure: number | Refusal | null;
  onCancel: () => void;
  onSubmit: () => void;
  /** Where focus starts when it should be the safe answer (an act that cannot be taken back). */
  cancelRef?: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  const refusal = typeof failure === 'number' ? { code: failure } : failure;
  return (
    <Modal
      role={role}
      title={title}
      text={text}
      initialFocus={cancelRef}
      onEscape={pending ? undefined : onCancel}
    >
      <form
        className="console-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {refusal && (
          <ErrorNotice className="console-alert" code={refusal.code} data={refusal.data} />
        )}
        {children}
        <DialogActions
          label={label}
          pending={pending}
          onCancel={onCancel}
          danger={danger}
          cancelRef={cancelRef}
        />
      </form>
    </Modal>
  );
}
