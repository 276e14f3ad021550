import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DialogActions } from '../components/ui/dialog-actions';
import { Trans } from '@lingui/react/macro';
import { consoleStepUp } from '../../contract/endpoints/console';
import { totpCodeField } from '../../contract/validation';
import { Errors } from '../../contract/errors';
import { Modal } from '../components/ui/modal';
import { AuthenticatorCodeField } from '../components/ui/authenticator-code-field';
import { useErrorText } from '../i18n/use-error-text';
import { errorCodeOf, isApiError } from '../lib/api-error';
import { fieldError } from '../lib/validate';
import { consoleCall } from './api/console-client';
import { storeConsoleSession } from './api/console-queries';
import { ConsoleForm } from './form-dialog';

/** The staff member closed the step-up dialog: the action was not taken, nothing to report. */
export class StepUpCancelled extends Error {
  override name = 'StepUpCancelled';
}

type RunWithStepUp = <T>(action: () => Promise<T>) => Promise<T>;

const StepUpContext = createContext<RunWithStepUp | null>(null);

/**
 * Step-up (docs/console.md): an action the server answers STEP_UP_REQUIRED (its last second factor
 * is older than 5 minutes) opens a dialog that asks a fresh authenticator code, then runs the action
 * again, once. A second STEP_UP_REQUIRED (or any other refusal) is the action's own failure.
 */
export function useStepUp(): RunWithStepUp {
  const run = useContext(StepUpContext);
  if (!run) throw new Error('useStepUp outside StepUpProvider');
  return run;
}

export const isStepUpRequired = (error: unknown) =>
  isApiError(error) && error.code === Errors.STEP_UP_REQUIRED.code;

interface Pending {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const run = useCallback<RunWithStepUp>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject }));
      return action();
    }
  }, []);
  return (
    <StepUpContext.Provider value={run}>
      {children}
      {pending && (
        <StepUpDialog
          onDone={() => {
            pending.resolve();
            setPending(null);
          }}
          onCancel={() => {
            pending.reject(new StepUpCancelled());
            setPending(null);
          }}
        />
      )}
    </StepUpContext.Provider>
  );
}

/**
 * The fresh-code form of a step-up: one authenticator code, Cancel and Confirm. The refund dialog
 * shows it when its machine asks; the StepUpDialog below for every other step-up action.
 */
export function StepUpCodeForm({
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  /** The contract code of the last refusal of the code, or null. */
  error: number | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  return (
    <ConsoleForm onSubmit={() => onSubmit(code)}>
      <AuthenticatorCodeField
        value={code}
        onChange={setCode}
        error={error === null ? null : errorText(error)}
      />
      <DialogActions label={<Trans>Confirm</Trans>} pending={pending} onCancel={onCancel} />
    </ConsoleForm>
  );
}

export const STEP_UP_TITLE = <Trans>Confirm it's you</Trans>;
export const STEP_UP_TEXT = (
  <Trans>This action needs a fresh code. Enter the current code from your authenticator app.</Trans>
);

function StepUpDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (code: string) => {
    const invalid = fieldError(totpCodeField, code);
    setError(invalid);
    if (invalid !== null) return;
    setSending(true);
    try {
      storeConsoleSession(queryClient, await consoleCall(consoleStepUp, { code }));
      onDone();
    } catch (refusal) {
      setSending(false);
      setError(errorCodeOf(refusal));
    }
  };

  return (
    <Modal title={STEP_UP_TITLE} text={STEP_UP_TEXT} onEscape={sending ? undefined : onCancel}>
      <StepUpCodeForm
        pending={sending}
        error={error}
        onSubmit={(code) => void submit(code)}
        onCancel={onCancel}
      />
    </Modal>
  );
}
