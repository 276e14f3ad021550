import { useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../contract/endpoints/console';

/**
 * Who did something, as the audit trail names them: a staff member by username, the operator CLI,
 * or an unknown visitor with the name they typed (the audit page, a member's ledger).
 */
export function useActorName(): (actor: AuditEntry['actor']) => string {
  const { t } = useLingui();
  return (actor) =>
    actor.kind === 'cli'
      ? t`CLI`
      : actor.kind === 'anonymous'
        ? t`Unknown (${actor.username ?? ''})`
        : (actor.username ?? `#${actor.staffId ?? ''}`);
}
