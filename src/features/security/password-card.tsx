import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import { currentPasswordField, passwordField } from '../../../contract/validation';
import { TitledCard } from '../../components/titled-card';
import { CheckField } from '../../components/ui/check-field';
import { SubmitButton } from '../../components/ui/submit-button';
import {
  CurrentPasswordField,
  NewPasswordField,
  RepeatPasswordField,
} from '../../components/ui/password-fields';
import { useErrorText } from '../../i18n/use-error-text';
import { refusalOf, type Refusal } from '../../lib/api-error';
import { showToast } from '../../lib/toast-store';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { changePassword, sessionListKey } from './api/security';

type Field = 'password' | 'newPassword' | 'repeat';

/** Refusals about the new password; the rest are shown under the current one. */
const NEW_PASSWORD_CODES: ReadonlySet<number> = new Set([
  Errors.PASSWORD_TOO_SHORT.code,
  Errors.PASSWORD_TOO_LONG.code,
  Errors.NEW_PASSWORD_SAME.code,
]);

/**
 * Change the password: the current one, the new one twice, and "sign out my other sessions" on by
 * default. The server writes the member a notice of the change.
 */
export function PasswordCard() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      password: fieldError(currentPasswordField, password),
      newPassword: fieldError(passwordField, newPassword),
      repeat: repeat === newPassword ? null : Errors.PASSWORDS_DIFFER.code,
    });
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const { signedOut } = await changePassword({ password, newPassword, signOutOthers });
      setPassword('');
      setNewPassword('');
      setRepeat('');
      showToast(
        signedOut > 0
          ? t`Password changed. Your other sessions were signed out.`
          : t`Password changed.`,
        'success',
      );
      await queryClient.invalidateQueries({ queryKey: sessionListKey });
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setPending(false);
    }
  };

  const refusalText = refusal && errorText(refusal);
  const onNew = refusal !== null && NEW_PASSWORD_CODES.has(refusal.code);
  const err = (field: Field): string | null => {
    if (errors[field]) return errorText(errors[field]);
    if (field === 'newPassword' && onNew) return refusalText;
    if (field === 'password' && refusal && !onNew) return refusalText;
    return null;
  };

  return (
    <TitledCard look="security-card" title={<Trans>Password</Trans>}>
      <form className="security-form" noValidate onSubmit={(event) => void submit(event)}>
        <CurrentPasswordField value={password} onChange={setPassword} error={err('password')} />
        <NewPasswordField
          value={newPassword}
          onChange={setNewPassword}
          error={err('newPassword')}
        />
        <RepeatPasswordField value={repeat} onChange={setRepeat} error={err('repeat')} />
        <CheckField checked={signOutOthers} onChange={setSignOutOthers}>
          <Trans>Sign out my other sessions</Trans>
        </CheckField>
        <SubmitButton pending={pending}>
          <Trans>Change password</Trans>
        </SubmitButton>
      </form>
    </TitledCard>
  );
}
