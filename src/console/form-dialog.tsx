import type { ReactNode, RefObject } from 'react';
import { ErrorNotice } from '../components/error-notice';
import type { Refusal } from '../lib/api-error';
import { DialogActions } from '../components/ui/dialog-actions';
import { Modal } from '../components/ui/modal';

/** A console form: sent by its submit button or Enter, checked by the page rather than the browser. */
export function ConsoleForm({
  row = false,
  onSubmit,
  children,
}: {
  /** The fields and the button on one line (console-form--row). */
  row?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={row ? 'console-form console-form--row' : 'console-form'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * The server's refusal of a console act, in the reader's language, or nothing: `failure` is its
 * contract code, or the code with the data its words name.
 */
export function RefusalNotice({ failure }: { failure: number | Refusal | null }) {
  const refusal = typeof failure === 'number' ? { code: failure } : failure;
  return (
    refusal && <ErrorNotice className="console-alert" code={refusal.code} data={refusal.data} />
  );
}

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
  act: { pending, failure },
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
  /**
   * The act's state (useConsoleAct's): running, and its last refusal (its contract code, or the
   * code with the data its words name) or null.
   */
  act: { pending: boolean; failure: number | Refusal | null };
  onCancel: () => void;
  /** Sends the act; what it returns (its promise) is not waited for here. */
  onSubmit: () => unknown;
  /** Where focus starts when it should be the safe answer (an act that cannot be taken back). */
  cancelRef?: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <Modal
      role={role}
      title={title}
      text={text}
      initialFocus={cancelRef}
      onEscape={pending ? undefined : onCancel}
    >
      <ConsoleForm onSubmit={() => void onSubmit()}>
        <RefusalNotice failure={failure} />
        {children}
        <DialogActions
          label={label}
          pending={pending}
          onCancel={onCancel}
          danger={danger}
          cancelRef={cancelRef}
        />
      </ConsoleForm>
    </Modal>
  );
}
