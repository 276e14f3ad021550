import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { consoleSignIn, type ConsoleSession } from '../../../contract/endpoints/console';
import { secondFactorField, totpCodeField } from '../../../contract/validation';
import { Errors } from '../../../contract/errors';
import { staffSignInMachine } from '../../../machines/staff-sign-in/staff-sign-in.machine';
import { SubmitButton } from '../../components/ui/submit-button';
import { SecondFactorField } from '../../components/ui/authenticator-code-field';
import { TextField } from '../../components/ui/text-field';
import { CurrentPasswordField } from '../../components/ui/password-fields';
import { useErrorText } from '../../i18n/use-error-text';
import { actorInspection } from '../../lib/inspector';
import { useCountdown } from '../../lib/use-countdown';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { storeConsoleSession } from '../api/console-queries';
import { ConsoleDoor } from '../console-door';

type Field = 'username' | 'password' | 'code';

/**
 * /admin/login: username, password and a second factor, always (the staff sign-in machine). The
 * code field is the authenticator's 6 digits, or a recovery code behind the toggle.
 */
export default function ConsoleLoginPage() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      staffSignInMachine.provide({
        actors: {
          signIn: fromPromise(({ input }) => consoleCall(consoleSignIn, input)),
        },
        actions: {
          enterConsole: (_, params: { session: ConsoleSession }) => {
            storeConsoleSession(queryClient, params.session);
            void navigate({ to: '/admin', replace: true });
          },
        },
      }),
    [navigate, queryClient],
  );
  const [state, send] = useMachine(machine, actorInspection());
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const recovery = state.context.factor === 'recovery';
  const throttled = state.matches('throttled');
  const wait = useCountdown(state.context.retryAfterSeconds, throttled);
  const pending = state.matches('submitting') || state.matches('signedIn');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      username: username.trim() ? null : Errors.REQUIRED_USERNAME.code,
      password: password ? null : Errors.REQUIRED_PASSWORD.code,
      code: fieldError(recovery ? secondFactorField : totpCodeField, code),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send({ type: 'SUBMIT', username: username.trim(), password, code });
  };
  const err = (field: Field) => (errors[field] ? errorText(errors[field]) : null);
  const refusal = state.context.errorCode;

  return (
    <ConsoleDoor title={<Trans>Staff sign-in</Trans>}>
      <p className="console-door__lead">
        <Trans>For the people who run the service. Members log in on the main site.</Trans>
      </p>
      <form className="console-form" noValidate onSubmit={submit}>
        {(state.matches('rejected') || state.matches('disabled') || state.matches('failed')) &&
          refusal !== null && (
            <p className="console-alert" role="alert">
              {errorText(refusal)}
            </p>
          )}
        {throttled && (
          <p className="console-alert" role="alert">
            <Trans>Too many failed attempts. Try again in {wait} s.</Trans>
          </p>
        )}
        <TextField
          label={<Trans>Username</Trans>}
          value={username}
          onChange={setUsername}
          error={err('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <CurrentPasswordField
          label={<Trans>Password</Trans>}
          value={password}
          onChange={setPassword}
          error={err('password')}
        />
        <SecondFactorField
          recovery={recovery}
          value={code}
          onChange={setCode}
          error={err('code')}
          recoveryAutoComplete="off"
          recoveryHint={
            <Trans>One of the 10 codes you saved when you enrolled. Each works once.</Trans>
          }
        />
        <button
          type="button"
          className="btn btn-ghost console-form__toggle"
          onClick={() => {
            setCode('');
            setErrors((found) => ({ ...found, code: undefined }));
            send({ type: 'TOGGLE_FACTOR' });
          }}
          disabled={pending}
        >
          {recovery ? (
            <Trans>Use the authenticator app instead</Trans>
          ) : (
            <Trans>Use a recovery code</Trans>
          )}
        </button>
        <SubmitButton pending={pending || throttled}>
          {throttled ? t`Wait ${wait} s` : t`Sign in`}
        </SubmitButton>
      </form>
    </ConsoleDoor>
  );
}
