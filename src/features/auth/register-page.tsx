import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CodePurpose } from '../../../contract/enums';
import { Errors } from '../../../contract/errors';
import {
  INVITE_CODE_PATTERN,
  inviteCodeField,
  passwordField,
  verificationCodeField,
} from '../../../contract/validation';
import { AgreementField } from '../../components/ui/agreement-field';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { NewPasswordField } from '../../components/ui/password-fields';
import { getCookie } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';
import { collectErrors, fieldError } from '../../lib/validate';
import { registerByUsername, registerWithCode, sendCode, type CodeRequest } from './api/auth-calls';
import { signupSource } from './signup-source';
import { AuthCard } from './auth-card';
import { GuestLink } from './guest-link';
import {
  IdentifierForm,
  useIdentifier,
  type ChannelTarget,
} from '../../components/identifier-form';
import { useAuthForm } from './use-auth-form';
import { useAfterLogin } from './use-after-login';

type Method = 'username' | 'email' | 'phone';
type Field = 'target' | 'code' | 'password' | 'inviteCode' | 'agreement';

/**
 * `?invite=` or `?code=` reached a cookie at start-up (query parameters become cookies). Only a
 * value shaped like a friend's code fills the field: a group's invite token (an older group link's
 * `?invite=`) is not a sign-up code and would only make registration fail.
 */
function initialInviteCode(): string {
  const found = [getCookie('invite'), getCookie('code')].find(
    (value) => value !== undefined && INVITE_CODE_PATTERN.test(value),
  );
  return found ?? '';
}

/** "Send code" asks for a registration code to the address typed. */
const registerCode = (address: ChannelTarget) => ({ ...address, purpose: CodePurpose.REGISTER });

export default function RegisterPage() {
  const { t } = useLingui();
  const afterLogin = useAfterLogin();
  const [password, setPassword] = useState('');
  // The page arrives prerendered with the field empty (the server reads no cookie): the code of
  // the cookie fills it once the app has adopted the page, until the visitor types their own.
  const hydrated = useHydrated();
  const [typedInviteCode, setInviteCode] = useState<string | null>(null);
  const inviteCode = typedInviteCode ?? (hydrated ? initialInviteCode() : '');
  const [agreed, setAgreed] = useState(false);
  const { setErrors, pending, submit, err } = useAuthForm<Field>();
  const identifier = useIdentifier<Method, Field, CodeRequest>({
    initial: 'username',
    codeRequest: registerCode,
    setErrors,
  });
  const { method, target, code } = identifier;

  const invite = inviteCode.trim();
  const validate = () =>
    collectErrors<Field>({
      target: fieldError(identifier.targetRule, target),
      code: method === 'username' ? null : fieldError(verificationCodeField, code),
      password: fieldError(passwordField, password),
      inviteCode: invite ? fieldError(inviteCodeField, invite) : null,
      agreement: agreed ? null : Errors.AGREEMENT_REQUIRED.code,
    });
  const send = async () => {
    const source = signupSource();
    const invitePart = { ...(invite ? { inviteCode: invite } : {}), ...(source ? { source } : {}) };
    if (method === 'username') {
      await registerByUsername({ username: target.trim(), password, ...invitePart });
    } else {
      await registerWithCode({
        ...identifier.channelTarget(),
        code: code.trim(),
        password,
        ...invitePart,
      });
    }
    await afterLogin();
  };

  return (
    <AuthCard
      title={<Trans>Create your account</Trans>}
      subtitle={<Trans>One account for every device. It takes less than a minute.</Trans>}
      footer={
        <span>
          <Trans>
            Already have an account? <GuestLink to="/login">Log in</GuestLink>
          </Trans>
        </span>
      }
    >
      <IdentifierForm
        label={t`Register with`}
        identifier={identifier}
        sendCode={sendCode}
        methods={['username', 'email', 'phone']}
        hints={{
          username: <Trans>3 to 32 letters, digits or underscores, starting with a letter.</Trans>,
          phone: <Trans>Mainland numbers as they are; others with + and the country code.</Trans>,
        }}
        targetError={err('target')}
        codeError={err('code')}
        onSubmit={(event) => void submit(event, validate, send)}
      >
        <NewPasswordField
          label={<Trans>Password</Trans>}
          value={password}
          onChange={setPassword}
          error={err('password')}
        />
        <TextField
          label={<Trans>Invite code (optional)</Trans>}
          value={inviteCode}
          onChange={setInviteCode}
          error={err('inviteCode')}
          autoComplete="off"
        />
        <AgreementField checked={agreed} onChange={setAgreed} error={err('agreement')} />
        <SubmitButton pending={pending}>
          <Trans>Register</Trans>
        </SubmitButton>
      </IdentifierForm>
    </AuthCard>
  );
}
