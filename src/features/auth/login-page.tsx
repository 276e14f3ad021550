import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import { accountField, passwordField } from '../../../contract/validation';
import { signInMachine } from '../../../machines/sign-in/sign-in.machine';
import type { LogInInput, PasskeySecondStepInput } from '../../../machines/sign-in/sign-in.types';
import { AgreementField } from '../../components/ui/agreement-field';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { CurrentPasswordField } from '../../components/ui/password-fields';
import { useErrorText } from '../../i18n/use-error-text';
import { actorInspection } from '../../lib/inspector';
import { collectErrors, fieldError } from '../../lib/validate';
import { login, passkeySecondStep, passkeySignIn } from './api/auth-calls';
import { AuthCard } from './auth-card';
import { GuestLink } from './guest-link';
import { SecondStepForm } from './second-step-form';
import { useAuthForm } from './use-auth-form';
import { useAfterLogin } from './use-after-login';

type Field = 'account' | 'password' | 'agreement';

/**
 * /login: the account and password, then, with two-step sign-in on, the authenticator's code, a
 * recovery code or a passkey; or a passkey alone, with no password (the member sign-in machine,
 * docs/account-security.md).
 */
export default function LoginPage() {
  const { t } = useLingui();
  const afterLogin = useAfterLogin();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { submit: check, err, setErrors } = useAuthForm<Field>();
  const errorText = useErrorText();
  const machine = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          logIn: fromPromise<unknown, LogInInput>(({ input }) => login(input)),
          passkeySignIn: fromPromise<unknown, void>(() => passkeySignIn()),
          passkeySecondStep: fromPromise<unknown, PasskeySecondStepInput>(({ input }) =>
            passkeySecondStep(input),
          ),
        },
        actions: { enterAccount: () => void afterLogin() },
      }),
    [afterLogin],
  );
  const [state, send] = useMachine(machine, actorInspection());

  // A passkey sign-in's refusal (or the browser's: cancelled, unsupported) is said under its button.
  const passkeyError =
    state.matches('editing') && state.context.errorCode !== null
      ? errorText({ code: state.context.errorCode, data: state.context.errorData })
      : null;

  const validate = () =>
    collectErrors<Field>({
      account: fieldError(accountField, account),
      password: fieldError(passwordField, password),
      agreement: agreed ? null : Errors.AGREEMENT_REQUIRED.code,
    });

  if (
    state.matches('secondStep') ||
    state.matches('verifying') ||
    state.matches('passkeyVerifying')
  ) {
    return (
      <AuthCard
        title={<Trans>Two-step sign-in</Trans>}
        subtitle={<Trans>Your password was right. One more step keeps your account yours.</Trans>}
      >
        <SecondStepForm
          factor={state.context.factor}
          pending={state.matches('verifying') || state.matches('passkeyVerifying')}
          onPasskey={state.context.passkeyOffered ? () => send({ type: 'USE_PASSKEY' }) : undefined}
          refusal={
            state.context.errorCode === null
              ? null
              : { code: state.context.errorCode, data: state.context.errorData }
          }
          onSubmit={(code) => send({ type: 'SUBMIT_CODE', code })}
          onToggle={() => send({ type: 'TOGGLE_FACTOR' })}
          onBack={() => {
            setPassword('');
            send({ type: 'BACK' });
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={<Trans>Log in</Trans>}
      subtitle={<Trans>Welcome back. Log in with your username, email or phone.</Trans>}
      footer={
        <>
          <span>
            <Trans>
              No account yet? <GuestLink to="/register">Register</GuestLink>
            </Trans>
          </span>
          <GuestLink to="/resetpassword">
            <Trans>Forgot password?</Trans>
          </GuestLink>
        </>
      }
    >
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          void check(event, validate, async () => {
            send({ type: 'SUBMIT', account: account.trim(), password });
          })
        }
      >
        <TextField
          label={<Trans>Username, email or phone</Trans>}
          value={account}
          onChange={setAccount}
          error={err('account')}
          autoComplete="username"
          placeholder={t`Username, email or phone`}
        />
        <CurrentPasswordField
          label={<Trans>Password</Trans>}
          value={password}
          onChange={setPassword}
          error={err('password')}
        />
        <AgreementField checked={agreed} onChange={setAgreed} error={err('agreement')} />
        <SubmitButton
          pending={
            state.matches('submitting') ||
            state.matches('signedIn') ||
            state.matches('passkeySigningIn')
          }
        >
          <Trans>Log in</Trans>
        </SubmitButton>
        <div className="auth-divider" aria-hidden="true">
          <Trans>or</Trans>
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={state.matches('passkeySigningIn') || state.matches('submitting')}
          aria-busy={state.matches('passkeySigningIn')}
          aria-describedby={passkeyError ? 'login-passkey-error' : undefined}
          onClick={() => {
            // The agreement holds for every way in; the account and password are not needed.
            const agreement = agreed ? null : Errors.AGREEMENT_REQUIRED.code;
            setErrors(agreement === null ? {} : { agreement });
            if (agreement === null) send({ type: 'USE_PASSKEY' });
          }}
        >
          <Trans>Sign in with a passkey</Trans>
        </button>
        {passkeyError && (
          <p id="login-passkey-error" className="field__error" role="alert">
            {passkeyError}
          </p>
        )}
      </form>
    </AuthCard>
  );
}
