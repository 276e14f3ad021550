import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CodePurpose } from '../../../contract/enums';
import { Errors } from '../../../contract/errors';
import { passwordField, verificationCodeField } from '../../../contract/validation';
import { SubmitButton } from '../../components/ui/submit-button';
import { NewPasswordField, RepeatPasswordField } from '../../components/ui/password-fields';
import { showToast } from '../../lib/toast-store';
import { collectErrors, fieldError } from '../../lib/validate';
import { resetPassword, sendCode, type CodeRequest } from './api/auth-calls';
import { AuthCard } from './auth-card';
import { GuestLink } from './guest-link';
import {
  IdentifierForm,
  useIdentifier,
  type ChannelTarget,
} from '../../components/identifier-form';
import { useAuthForm } from './use-auth-form';

type Method = 'email' | 'phone';
type Field = 'target' | 'code' | 'password' | 'confirm';

/** "Send code" asks for a password reset code to the address typed. */
const resetCode = (address: ChannelTarget) => ({ ...address, purpose: CodePurpose.RESET_PASSWORD });

export default function ResetPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The way back (a group invite, a /user page) goes along to Log in.
  const { redirect } = getRouteApi('/guest').useSearch();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { setErrors, pending, submit, err } = useAuthForm<Field>();
  const identifier = useIdentifier<Method, Field, CodeRequest>({
    initial: 'email',
    codeRequest: resetCode,
    setErrors,
  });
  const { target, code } = identifier;

  const validate = () =>
    collectErrors<Field>({
      target: fieldError(identifier.targetRule, target),
      code: fieldError(verificationCodeField, code),
      password: fieldError(passwordField, password),
      confirm: confirm === password ? null : Errors.PASSWORDS_DIFFER.code,
    });
  const send = async () => {
    await resetPassword({ ...identifier.channelTarget(), code: code.trim(), password });
    showToast(t`Your password has been changed. Please log in with the new one.`, 'success');
    await navigate({ to: '/login', search: { redirect } });
  };

  return (
    <AuthCard
      title={<Trans>Reset your password</Trans>}
      subtitle={<Trans>We will send a verification code to your email or phone.</Trans>}
      footer={
        <span>
          <Trans>
            Remembered it? <GuestLink to="/login">Log in</GuestLink>
          </Trans>
        </span>
      }
    >
      <IdentifierForm
        label={t`Reset with`}
        identifier={identifier}
        sendCode={sendCode}
        methods={['email', 'phone']}
        targetError={err('target')}
        codeError={err('code')}
        onSubmit={(event) => void submit(event, validate, send)}
      >
        <NewPasswordField value={password} onChange={setPassword} error={err('password')} />
        <RepeatPasswordField
          label={<Trans>Confirm new password</Trans>}
          value={confirm}
          onChange={setConfirm}
          error={err('confirm')}
        />
        <SubmitButton pending={pending}>
          <Trans>Reset password</Trans>
        </SubmitButton>
      </IdentifierForm>
    </AuthCard>
  );
}
