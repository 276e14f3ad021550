import { useState, type ComponentProps } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { reasonField } from '../../contract/endpoints/console';
import { TextField } from '../components/ui/text-field';
import { useErrorText } from '../i18n/use-error-text';
import { fieldError } from '../lib/validate';
import { useConsoleAct } from './console-act';
import { FormDialog } from './form-dialog';

/** The reason an operator gives for an action, kept in the audit trail with their name. */
export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The contract code the reason was refused with (REASON_REQUIRED...), or null. */
  error: number | null;
}) {
  const errorText = useErrorText();
  return (
    <TextField
      label={<Trans>Reason</Trans>}
      value={value}
      onChange={onChange}
      error={error === null ? null : errorText(error)}
      autoComplete="off"
      hint={<Trans>Kept in the audit trail with your name.</Trans>}
    />
  );
}

/**
 * A console act that asks only why (a flag resolved, a commission voided, a group ended): the
 * dialog with the reason, checked by the contract's rule before anything is sent, then `send` as a
 * console act (useConsoleAct: step-up when asked, the refusal above the field, the lists under
 * `refresh` read again). It closes once the act is done.
 */
export function ReasonDialog({
  refresh,
  send,
  onClose,
  ...dialog
}: Omit<ComponentProps<typeof FormDialog>, 'act' | 'onCancel' | 'onSubmit' | 'children'> & {
  refresh: QueryKey;
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const act = useConsoleAct(refresh);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<number | null>(null);

  const submit = async () => {
    const refused = fieldError(reasonField, reason);
    setReasonError(refused);
    if (refused !== null) return;
    if (await act.run(() => send(reason))) onClose();
  };

  return (
    <FormDialog {...dialog} act={act} onCancel={onClose} onSubmit={submit}>
      <ReasonField value={reason} onChange={setReason} error={reasonError} />
    </FormDialog>
  );
}
