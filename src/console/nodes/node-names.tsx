import { Trans } from '@lingui/react/macro';
import type { NodeProtocolName } from '../../../contract/nodes';
import type { NodeHealth } from '../../../contract/endpoints/console';
import { PlanName, useDateTime } from '../../components/formats';
import '../../components/ui/badge.css';

export const PROTOCOL_NAMES: Readonly<Record<NodeProtocolName, string>> = {
  vless: 'VLESS',
  trojan: 'Trojan',
  ss: 'Shadowsocks',
};

/** A node's health as a badge: online, offline, never connected or disabled. */
export function HealthBadge({ health }: { health: NodeHealth }) {
  switch (health) {
    case 'online':
      return (
        <span className="badge badge--ok">
          <Trans>Online</Trans>
        </span>
      );
    case 'offline':
      return (
        <span className="badge badge--warn">
          <Trans>Offline</Trans>
        </span>
      );
    case 'never':
      return (
        <span className="badge badge--muted">
          <Trans>Never connected</Trans>
        </span>
      );
    case 'disabled':
      return (
        <span className="badge badge--muted">
          <Trans>Disabled</Trans>
        </span>
      );
  }
}

/** The plans a node serves, by name. */
export function Plans({ planTypes }: { planTypes: readonly number[] }) {
  return (
    <>
      {planTypes.map((plan, i) => (
        <span key={plan}>
          {i > 0 && ', '}
          <PlanName groupType={plan} />
        </span>
      ))}
    </>
  );
}

/** A moment of a node's agent (last contact, pull, push), or a dash when there was none. */
export function useWhen() {
  const dateTime = useDateTime();
  return (iso: string | null) =>
    iso === null ? <span className="console-muted">—</span> : dateTime(iso);
}
