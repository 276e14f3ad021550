import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { TitledCard } from '../../components/titled-card';
import { showToast } from '../../lib/toast-store';
import { securityKey, setRenewalReminders } from './api/security';

/**
 * The member's choice of renewal reminders (docs/messages.md): saved as soon as it is ticked or
 * unticked. Security notices and receipts are not a choice: the card says so.
 */
export function RemindersCard({ renewalReminders }: { renewalReminders: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  // Shown at once; what is stored comes back with the page's next read.
  const [checked, setChecked] = useState(renewalReminders);
  useEffect(() => setChecked(renewalReminders), [renewalReminders]);
  const hintId = useId();

  const change = async (wanted: boolean) => {
    setChecked(wanted);
    setSaving(true);
    try {
      await setRenewalReminders(wanted);
      showToast(wanted ? t`Renewal reminders are on.` : t`Renewal reminders are off.`, 'success');
    } catch {
      // The toast said why; the box goes back to what is stored.
      setChecked(!wanted);
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: securityKey });
    }
  };

  return (
    <TitledCard look="security-card" title={<Trans>Messages</Trans>}>
      <div className="check">
        <label className="check__row">
          <input
            type="checkbox"
            checked={checked}
            disabled={saving}
            aria-describedby={hintId}
            onChange={(event) => void change(event.target.checked)}
          />
          <span>
            <Trans>Remind me to renew</Trans>
          </span>
        </label>
        <p id={hintId} className="field__hint">
          <Trans>
            By e-mail, or by SMS when the account has only a phone: 3 days and 1 day before the
            membership ends, and on the day it ends. Security notices and receipts are always sent.
          </Trans>
        </p>
      </div>
    </TitledCard>
  );
}
