import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  consoleStaffAdd,
  staffUsernameField,
  type StaffRole,
} from '../../../contract/endpoints/console';
import { SubmitButton } from '../../components/ui/submit-button';
import { TitledCard } from '../../components/titled-card';
import { useErrorText } from '../../i18n/use-error-text';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { staffListQuery } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import type { EnrolmentLink } from './link-panel';
import { RoleField } from './role-field';
import { VerbatimField } from '../console-fields';

/** Adding a staff member (through step-up): a username and a role, answered by their link. */
export function AddStaffForm({ onAdded }: { onAdded: (link: EnrolmentLink) => void }) {
  const errorText = useErrorText();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [error, setError] = useState<number | null>(null);
  // Every refusal is the username's (taken, invalid): it shows under the field.
  const act = useConsoleAct(staffListQuery.queryKey, ({ code }) => {
    setError(code);
    return true;
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldError(staffUsernameField, username);
    setError(invalid);
    if (invalid !== null) return;
    await act.run(async () => {
      const link = await consoleCall(consoleStaffAdd, { username: username.trim(), role });
      setUsername('');
      onAdded(link);
    });
  };

  return (
    <TitledCard look="console-panel" title={<Trans>Add a staff member</Trans>}>
      <form className="console-form console-form--row" noValidate onSubmit={(e) => void submit(e)}>
        <VerbatimField
          label={<Trans>Username</Trans>}
          value={username}
          onChange={setUsername}
          error={error === null ? null : errorText(error)}
          hint={<Trans>3 to 32 letters, digits, dots, hyphens or underscores.</Trans>}
        />
        <RoleField label={<Trans>Role</Trans>} value={role} onChange={setRole} />
        <SubmitButton pending={act.pending}>
          <Trans>Add and make a link</Trans>
        </SubmitButton>
      </form>
    </TitledCard>
  );
}
