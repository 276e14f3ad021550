import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CodeChannel, CodePurpose } from '../../../contract/enums';
import { Errors } from '../../../contract/errors';
import {
  emailField,
  passwordField,
  phoneField,
  verificationCodeField,
} from '../../../contract/validation';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { showToast } from '../../lib/toast-store';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { resetPassword } from './api/auth-calls';
import { AuthCard } from './auth-card';
import { ChannelTabs } from '../../components/ui/tabs';
import { SendCodeButton } from './send-code-button';

type Method = 'email' | 'phone';
type Field = 'target' | 'code' | 'password' | 'confirm';

export default function ResetPasswordPage() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const navigate = useNavigate();
  // The way back (a group invite, a /user page) goes along to Log in.
  const { redirect } = getRouteApi('/guest').useSearch();
  const panelId = useId();
  const [method, setMethod] = useState<Method>('email');
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sendError, setSendError] = useState<number | null>(null);
  const [pending, setPending] = useState(false);

  const targetRule = method === 'email' ? emailField : phoneField;
  const channelTarget = () =>
    method === 'email'
      ? { channel: CodeChannel.EMAIL, target: target.trim() }
      : { channel: CodeChannel.PHONE, target: target.trim() };

  const prepareSend = useCallback(() => {
    const problem = fieldError(method === 'email' ? emailField : phoneField, target);
    setErrors((current) => ({ ...current, target: problem ?? undefined }));
    if (problem !== null) return null;
    return method === 'email'
      ? { channel: CodeChannel.EMAIL, target: target.trim(), purpose: CodePurpose.RESET_PASSWORD }
      : { channel: CodeChannel.PHONE, target: target.trim(), purpose: CodePurpose.RESET_PASSWORD };
  }, [method, target]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      target: fieldError(targetRule, target),
      code: fieldError(verificationCodeField, code),
      password: fieldError(passwordField, password),
      confirm: confirm === password ? null : Errors.PASSWORDS_DIFFER.code,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await resetPassword({ ...channelTarget(), code: code.trim(), password });
      showToast(t`Your password has been changed. Please log in with the new one.`, 'success');
      await navigate({ to: '/login', search: { redirect } });
    } catch {
      setPending(false);
    }
  };

  const err = (field: Field) => (errors[field] ? errorText(errors[field]) : null);

  return (
    <AuthCard
      title={<Trans>Reset your password</Trans>}
      subtitle={<Trans>We will send a verification code to your email or phone.</Trans>}
      footer={
        <span>
          <Trans>
            Remembered it?{' '}
            <Link to="/login" search={{ redirect }}>
              Log in
            </Link>
          </Trans>
        </span>
      }
    >
      <ChannelTabs
        label={t`Reset with`}
        panelId={panelId}
        value={method}
        onChange={(next) => {
          setMethod(next);
          setTarget('');
          setCode('');
          setErrors({});
        }}
        options={[
          { key: 'email', label: <Trans>Email</Trans> },
          { key: 'phone', label: <Trans>Phone</Trans> },
        ]}
      />
      <form
        id={panelId}
        role="tabpanel"
        className="auth-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <TextField
          key={method}
          label={method === 'email' ? <Trans>Email</Trans> : <Trans>Phone number</Trans>}
          value={target}
          onChange={setTarget}
          error={err('target')}
          type={method === 'email' ? 'email' : 'tel'}
          autoComplete={method === 'email' ? 'email' : 'tel'}
        />
        <TextField
          label={<Trans>Verification code</Trans>}
          value={code}
          onChange={setCode}
          error={err('code') ?? (sendError ? errorText(sendError) : null)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          addon={<SendCodeButton key={method} prepare={prepareSend} onError={setSendError} />}
        />
        <TextField
          label={<Trans>New password</Trans>}
          type="password"
          value={password}
          onChange={setPassword}
          error={err('password')}
          autoComplete="new-password"
          hint={<Trans>At least 8 characters.</Trans>}
        />
        <TextField
          label={<Trans>Confirm new password</Trans>}
          type="password"
          value={confirm}
          onChange={setConfirm}
          error={err('confirm')}
          autoComplete="new-password"
        />
        <SubmitButton pending={pending}>
          <Trans>Reset password</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
