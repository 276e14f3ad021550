import { useMemo, useState, type FormEvent } from 'react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleEnrolFinish,
  consoleEnrolInfo,
  consoleEnrolStart,
} from '../../../contract/endpoints/console';
import { totpCodeField } from '../../../contract/validation';
import { Errors } from '../../../contract/errors';
import { passwordField } from '../../../contract/validation';
import { staffEnrolmentMachine } from '../../../machines/staff-enrolment/staff-enrolment.machine';
import type {} from '../../../machines/staff-enrolment/staff-enrolment.types';
import { AuthenticatorSecret } from '../../components/authenticator-secret';
import { RecoveryCodes } from '../../components/recovery-codes';
import { SubmitButton } from '../../components/ui/submit-button';
import { AuthenticatorCodeField } from '../../components/ui/authenticator-code-field';
import { NewPasswordField, RepeatPasswordField } from '../../components/ui/password-fields';
import { ErrorNotice } from '../../components/error-notice';
import { useDateTime } from '../../components/formats';
import { useErrorText } from '../../i18n/use-error-text';
import { actorInspection } from '../../lib/inspector';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { useRoleName } from '../roles';
import { ConsoleDoor } from '../console-door';

const enrolRoute = getRouteApi('/admin/enrol/$token');

type Field = 'password' | 'repeat' | 'code';

/** Password-setting errors the server may answer; the code field shows the rest. */
const PASSWORD_CODES: ReadonlySet<number> = new Set([
  Errors.REQUIRED_PASSWORD.code,
  Errors.PASSWORD_TOO_SHORT.code,
  Errors.PASSWORD_TOO_LONG.code,
]);

/**
 * /admin/enrol/$token: the single-use link of a new (or reset) staff member. The page checks the
 * link, shows the authenticator secret as a QR code and as text, takes a password and the app's
 * first code, then shows the 10 recovery codes once (copy, download) until "I have saved them".
 */
export default function ConsoleEnrolPage() {
  const { t } = useLingui();
  const { token } = enrolRoute.useParams();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const roleName = useRoleName();
  const machine = useMemo(
    () =>
      staffEnrolmentMachine.provide({
        actors: {
          checkLink: fromPromise(({ input }) => consoleCall(consoleEnrolInfo, input)),
          makeSecret: fromPromise(({ input }) => consoleCall(consoleEnrolStart, input)),
          finish: fromPromise(({ input }) => consoleCall(consoleEnrolFinish, input)),
        },
        actions: {
          goToSignIn: () => void navigate({ to: '/admin/login', replace: true }),
        },
      }),
    [navigate],
  );
  const [state, send] = useMachine(machine, { ...actorInspection(), input: { token } });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const { info, secret, recoveryCodes, errorCode } = state.context;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      password: fieldError(passwordField, password),
      repeat: repeat === password ? null : Errors.PASSWORDS_DIFFER.code,
      code: fieldError(totpCodeField, code),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setCode('');
    send({ type: 'SUBMIT', password, code });
  };
  // A refusal of the finish: a password rule under the password, anything else under the code.
  const refused = state.matches('settingUp') ? errorCode : null;
  const err = (field: Field): string | null => {
    if (errors[field]) return errorText(errors[field]);
    if (refused === null) return null;
    if (field === 'password' && PASSWORD_CODES.has(refused)) return errorText(refused);
    if (field === 'code' && !PASSWORD_CODES.has(refused)) return errorText(refused);
    return null;
  };

  if (state.matches('linkInvalid')) {
    return (
      <ConsoleDoor title={<Trans>This enrolment link cannot be used</Trans>}>
        <p className="console-door__lead">
          <Trans>
            It is invalid, already used or expired (a link is valid for 24 hours and works once).
            Ask an owner for a new link.
          </Trans>
        </p>
        <Link to="/admin/login" className="btn btn-secondary">
          <Trans>Go to staff sign-in</Trans>
        </Link>
      </ConsoleDoor>
    );
  }

  if (state.matches('loadFailed')) {
    return (
      <ConsoleDoor title={<Trans>Set up your console access</Trans>}>
        <ErrorNotice
          className="console-alert"
          code={errorCode ?? Errors.INTERNAL.code}
          retry={{ label: <Trans>Try again</Trans>, onClick: () => send({ type: 'RETRY' }) }}
        />
      </ConsoleDoor>
    );
  }

  if (state.matches('showingCodes') || state.matches('done')) {
    const heading = t`Kestrel VPN console recovery codes for ${info?.username ?? ''}`;
    return (
      <ConsoleDoor title={<Trans>Save your recovery codes</Trans>} wide>
        <p className="console-door__lead">
          <Trans>
            You are enrolled. If you lose your authenticator app, each of these codes signs you in
            once. They are shown only now: copy or download them and keep them somewhere safe.
          </Trans>
        </p>
        <RecoveryCodes
          codes={recoveryCodes}
          fileName={`kestrel-console-recovery-codes-${info?.username ?? 'staff'}.txt`}
          heading={heading}
          confirm={<Trans>Continue to sign-in</Trans>}
          onConfirm={() => send({ type: 'CONFIRM_SAVED' })}
          block
        />
      </ConsoleDoor>
    );
  }

  const loading = state.matches('checkingLink') || state.matches('makingSecret');
  return (
    <ConsoleDoor title={<Trans>Set up your console access</Trans>} wide>
      {loading || !info || !secret ? (
        <p className="console-door__lead" role="status">
          <span className="spinner" aria-hidden="true" /> <Trans>Checking your link…</Trans>
        </p>
      ) : (
        <>
          <p className="console-door__lead">
            <Trans>
              Welcome, <strong>{info.username}</strong>. You join as {roleName(info.role)}. This
              link is valid until {dateTime(info.expiresAt)}.
            </Trans>
          </p>
          <h2 className="console-door__step">
            <Trans>1. Add the console to your authenticator app</Trans>
          </h2>
          <AuthenticatorSecret
            id="enrol-secret"
            secret={secret.secret}
            otpauthUrl={secret.otpauthUrl}
          />
          <h2 className="console-door__step">
            <Trans>2. Choose a password and confirm the app</Trans>
          </h2>
          <form className="console-form" noValidate onSubmit={submit}>
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={info.username}
              readOnly
              hidden
            />
            <NewPasswordField value={password} onChange={setPassword} error={err('password')} />
            <RepeatPasswordField value={repeat} onChange={setRepeat} error={err('repeat')} />
            <AuthenticatorCodeField
              label={<Trans>Code from the app</Trans>}
              value={code}
              onChange={setCode}
              error={err('code')}
              hint={<Trans>The 6-digit code the app shows for the console.</Trans>}
            />
            <SubmitButton pending={state.matches('finishing')}>
              <Trans>Finish enrolment</Trans>
            </SubmitButton>
          </form>
        </>
      )}
    </ConsoleDoor>
  );
}
