import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DialogActions } from '../../components/ui/dialog-actions';
import { Errors } from '../../../contract/errors';
import { TextField } from '../../components/ui/text-field';
import { CurrentPasswordField } from '../../components/ui/password-fields';
import { Modal } from '../../components/ui/modal';
import { useErrorText } from '../../i18n/use-error-text';
import { deleteAccount } from './api/delete-account';

interface Props {
  hasPassword: boolean;
  onClose: () => void;
  onDeleted: () => Promise<void>;
}

/**
 * Deletion is permanent (SPEC §8), so it takes a deliberate act: the password when the account has
 * one, and the typed confirmation word of the language on screen.
 */
export function DeleteAccountDialog({ hasPassword, onClose, onDeleted }: Props) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [passwordError, setPasswordError] = useState<number | null>(null);
  const [wordError, setWordError] = useState(false);
  const [pending, setPending] = useState(false);
  const confirmWord = t`DELETE`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missingPassword = hasPassword && password.length === 0;
    setPasswordError(missingPassword ? Errors.REQUIRED_PASSWORD.code : null);
    setWordError(word.trim() !== confirmWord);
    if (missingPassword || word.trim() !== confirmWord) return;
    setPending(true);
    try {
      await deleteAccount(hasPassword ? password : undefined);
      await onDeleted();
    } catch {
      setPending(false);
    }
  };

  return (
    <Modal
      title={<Trans>Delete your account?</Trans>}
      text={
        <Trans>
          This is permanent. Your membership, devices and invite rewards are removed and cannot be
          restored.
        </Trans>
      }
      onEscape={onClose}
    >
      <form className="dialog__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {hasPassword && (
          <CurrentPasswordField
            label={<Trans>Password</Trans>}
            value={password}
            onChange={setPassword}
            error={passwordError ? errorText(passwordError) : null}
          />
        )}
        <TextField
          label={<Trans>Type {confirmWord} to confirm</Trans>}
          value={word}
          onChange={setWord}
          error={wordError ? errorText(Errors.DELETE_CONFIRMATION_REQUIRED.code) : null}
          autoComplete="off"
        />
        <DialogActions
          label={<Trans>Delete account permanently</Trans>}
          pending={pending}
          onCancel={onClose}
          danger
        />
      </form>
    </Modal>
  );
}
