import { useState } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import { accountField, passwordField } from '../../../contract/validation';
import { AgreementField } from '../../components/ui/agreement-field';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { collectErrors, fieldError } from '../../lib/validate';
import { login } from './api/auth-calls';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';
import { useAfterLogin } from './use-after-login';

type Field = 'account' | 'password' | 'agreement';

const guest = getRouteApi('/guest');

export default function LoginPage() {
  const { t } = useLingui();
  const afterLogin = useAfterLogin();
  // The way back (a group invite, a /user page) goes along to Register and Forgot password.
  const { redirect } = guest.useSearch();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { pending, submit, err } = useAuthForm<Field>();

  const validate = () =>
    collectErrors<Field>({
      account: fieldError(accountField, account),
      password: fieldError(passwordField, password),
      agreement: agreed ? null : Errors.AGREEMENT_REQUIRED.code,
    });
  const send = async () => {
    await login({ account: account.trim(), password });
    await afterLogin();
  };

  return (
    <AuthCard
      title={<Trans>Log in</Trans>}
      subtitle={<Trans>Welcome back. Log in with your username, email or phone.</Trans>}
      footer={
        <>
          <span>
            <Trans>
              No account yet?{' '}
              <Link to="/register" search={{ redirect }}>
                Register
              </Link>
            </Trans>
          </span>
          <Link to="/resetpassword" search={{ redirect }}>
            <Trans>Forgot password?</Trans>
          </Link>
        </>
      }
    >
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) => void submit(event, validate, send)}
      >
        <TextField
          label={<Trans>Username, email or phone</Trans>}
          value={account}
          onChange={setAccount}
          error={err('account')}
          autoComplete="username"
          placeholder={t`Username, email or phone`}
        />
        <TextField
          label={<Trans>Password</Trans>}
          type="password"
          value={password}
          onChange={setPassword}
          error={err('password')}
          autoComplete="current-password"
        />
        <AgreementField checked={agreed} onChange={setAgreed} error={err('agreement')} />
        <SubmitButton pending={pending}>
          <Trans>Log in</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
