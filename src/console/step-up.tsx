import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { consoleStepUp, totpCodeField } from '../../contract/endpoints/console';
import { Errors } from '../../contract/errors';
import { Modal } from '../components/ui/modal';
import { TextField } from '../components/ui/text-field';
import { useErrorText } from '../i18n/use-error-text';
import { errorCodeOf, isApiError } from '../lib/api-error';
import { fieldError } from '../lib/validate';
import { consoleCall } from './api/console-client';
import { storeConsoleSession } from './api/console-queries';

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

function StepUpDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
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
    <Modal
      title={<Trans>Confirm it's you</Trans>}
      text={
        <Trans>
          This action needs a fresh code. Enter the current code from your authenticator app.
        </Trans>
      }
      onEscape={sending ? undefined : onCancel}
    >
      <form className="console-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={<Trans>Authenticator code</Trans>}
          value={code}
          onChange={setCode}
          error={error === null ? null : errorText(error)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
        />
        <div className="dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={sending}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending}>
            {sending && <span className="spinner" aria-hidden="true" />}
            <Trans>Confirm</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
