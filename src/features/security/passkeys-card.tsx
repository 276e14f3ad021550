import { useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  passkeyNameField,
  type MemberPasskey,
  type PasskeyAttestation,
} from '../../../contract/endpoints/passkeys';
import { currentPasswordField } from '../../../contract/validation';
import { passkeyRegistrationMachine } from '../../../machines/passkey-registration/passkey-registration.machine';
import type {
  NewCredential,
  SavePasskeyInput,
} from '../../../machines/passkey-registration/passkey-registration.types';
import { QueryStatus } from '../../components/query-status';
import { TitledCard } from '../../components/titled-card';
import { DataTable } from '../../components/ui/data-table';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { CurrentPasswordField } from '../../components/ui/password-fields';
import { useCompactDateTime } from '../../components/formats';
import { useErrorText } from '../../i18n/use-error-text';
import { actorInspection } from '../../lib/inspector';
import { type Refusal } from '../../lib/api-error';
import { showToast } from '../../lib/toast-store';
import { fieldError } from '../../lib/validate';
import { makePasskey, passkeyListKey, passkeyListQuery, savePasskey } from './api/passkeys';
import { RemoveDialog, RenameDialog } from './passkey-dialogs';

/**
 * Passkeys (docs/account-security.md "Passkeys"): the list (name, added, last used), "Add a
 * passkey" (the current password, the device's own prompt, then a name: the passkey-registration
 * machine), rename and remove. A passkey signs in from /login without the password, and is a
 * second step when two-step sign-in is on.
 */
export function PasskeysCard() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const query = useQuery(passkeyListQuery());
  const { data } = query;
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeyListKey });
  const machine = useMemo(
    () =>
      passkeyRegistrationMachine.provide({
        actors: {
          createPasskey: fromPromise<NewCredential, { password: string }>(
            async ({ input }) => (await makePasskey(input.password)) as unknown as NewCredential,
          ),
          savePasskey: fromPromise<unknown, SavePasskeyInput>(({ input }) =>
            savePasskey(input.credential as unknown as PasskeyAttestation, input.name),
          ),
        },
        actions: {
          passkeyAdded: () => {
            showToast(t`Passkey added. You can sign in with it now.`, 'success');
            void queryClient.invalidateQueries({ queryKey: passkeyListKey });
          },
        },
      }),
    [t, queryClient],
  );
  const [state, send] = useMachine(machine, actorInspection());
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<MemberPasskey | null>(null);
  const [removing, setRemoving] = useState<MemberPasskey | null>(null);
  const when = useCompactDateTime();

  const refusal: Refusal | null =
    invalid !== null
      ? { code: invalid }
      : state.context.errorCode === null
        ? null
        : { code: state.context.errorCode, data: state.context.errorData };
  const refusalText = refusal && errorText(refusal);

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldError(currentPasswordField, password);
    setInvalid(found);
    if (found !== null) return;
    send({ type: 'SUBMIT_PASSWORD', password });
    setPassword('');
  };

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldError(passkeyNameField, name);
    setInvalid(found);
    if (found !== null) return;
    send({ type: 'SUBMIT_NAME', name: name.trim() });
  };

  const cancel = () => {
    setPassword('');
    setName('');
    setInvalid(null);
    send({ type: 'CANCEL' });
  };

  const adding = !state.matches('idle');
  const confirming = state.matches('confirmingPassword') || state.matches('creating');
  const naming = state.matches('naming') || state.matches('saving');

  return (
    <TitledCard look="security-card" title={<Trans>Passkeys</Trans>} titleId="passkeys">
      <p className="security-card__text">
        <Trans>
          A passkey signs you in with your device&apos;s screen lock, fingerprint or face, or a
          security key, without typing your password. With two-step sign-in on, it can also be your
          second step.
        </Trans>
      </p>
      <QueryStatus query={query} />
      {data && (
        <DataTable
          className="security-passkeys"
          caption={<Trans>Your passkeys</Trans>}
          rows={data.passkeys}
          rowKey={(passkey) => passkey.id}
          empty={
            <p>
              <Trans>No passkeys yet.</Trans>
            </p>
          }
          columns={[
            {
              key: 'name',
              header: t`Name`,
              rowHeader: true,
              cell: (passkey) => <span className="security-passkeys__name">{passkey.name}</span>,
            },
            { key: 'created', header: t`Added`, cell: (passkey) => when(passkey.createdAt) },
            {
              key: 'lastUsed',
              header: t`Last used`,
              cell: (passkey) =>
                passkey.lastUsedAt === null ? <Trans>Never</Trans> : when(passkey.lastUsedAt),
            },
            {
              key: 'actions',
              header: t`Actions`,
              cell: (passkey) => (
                <span className="security-card__buttons">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t`Rename ${passkey.name}`}
                    onClick={() => setRenaming(passkey)}
                  >
                    <Trans>Rename</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t`Remove ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </span>
              ),
            },
          ]}
        />
      )}
      {!adding && (
        <button
          type="button"
          className="btn btn-primary security-card__action"
          onClick={() => {
            setInvalid(null);
            setName('');
            send({ type: 'START' });
          }}
        >
          <Trans>Add a passkey</Trans>
        </button>
      )}
      {confirming && (
        <form className="security-form" noValidate onSubmit={submitPassword}>
          <CurrentPasswordField
            value={password}
            onChange={setPassword}
            error={refusalText}
            autoFocus
            hint={<Trans>Then your device asks for its screen lock or security key.</Trans>}
          />
          <div className="security-card__buttons">
            <SubmitButton pending={state.matches('creating')}>
              <Trans>Continue</Trans>
            </SubmitButton>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={state.matches('creating')}
              onClick={cancel}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
      {naming && (
        <form className="security-form" noValidate onSubmit={submitName}>
          <TextField
            label={<Trans>Name this passkey</Trans>}
            value={name}
            onChange={setName}
            error={refusalText}
            autoComplete="off"
            autoFocus
            hint={<Trans>So you can tell it apart later, e.g. “Work laptop” or “My phone”.</Trans>}
          />
          <div className="security-card__buttons">
            <SubmitButton pending={state.matches('saving')}>
              <Trans>Save passkey</Trans>
            </SubmitButton>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={state.matches('saving')}
              onClick={cancel}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
      {renaming && (
        <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} onRenamed={refresh} />
      )}
      {removing && (
        <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} onRemoved={refresh} />
      )}
    </TitledCard>
  );
}
