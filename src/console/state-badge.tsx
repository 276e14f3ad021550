import { Trans } from '@lingui/react/macro';
import '../components/ui/badge.css';

/** An account's state in a console list or record (a member, a staff member): disabled or active. */
export function StateBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className="badge badge--muted">
      <Trans>Disabled</Trans>
    </span>
  ) : (
    <span className="badge badge--ok">
      <Trans>Active</Trans>
    </span>
  );
}
