import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { passkeyNameField, type MemberPasskey } from '../../../contract/endpoints/passkeys';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DialogActions } from '../../components/ui/dialog-actions';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { refusalOf, type Refusal } from '../../lib/api-error';
import { fieldError } from '../../lib/validate';
import { removePasskey, renamePasskey } from './api/passkeys';

/** Renames a passkey: the name is checked here as the server checks it. */
export function RenameDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: MemberPasskey;
  onClose: () => void;
  onRenamed: () => Promise<unknown>;
}) {
  const errorText = useErrorText();
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<number | Refusal | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldError(passkeyNameField, name);
    setProblem(found);
    if (found !== null) return;
    setPending(true);
    try {
      await renamePasskey(passkey.id, name.trim());
      await onRenamed();
      onClose();
    } catch (error) {
      setProblem(refusalOf(error));
      setPending(false);
    }
  };

  return (
    <Modal title={<Trans>Rename passkey</Trans>} onEscape={pending ? undefined : onClose}>
      <form className="security-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={<Trans>Name</Trans>}
          value={name}
          onChange={setName}
          error={problem === null ? null : errorText(problem)}
          autoComplete="off"
        />
        <DialogActions label={<Trans>Save</Trans>} pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** Removes a passkey once the member confirms; the list is read again whatever the answer. */
export function RemoveDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: MemberPasskey;
  onClose: () => void;
  onRemoved: () => Promise<unknown>;
}) {
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await removePasskey(passkey.id);
    } catch {
      // The toast said why; the list is read again either way.
    }
    await onRemoved();
    onClose();
  };
  const name = passkey.name;
  return (
    <ConfirmDialog
      title={<Trans>Remove this passkey?</Trans>}
      text={
        <Trans>
          “{name}” will no longer sign you in. Remove it from the device or password manager that
          keeps it, too.
        </Trans>
      }
      confirmLabel={<Trans>Remove passkey</Trans>}
      pending={pending}
      onCancel={onClose}
      onConfirm={() => void remove()}
    />
  );
}
