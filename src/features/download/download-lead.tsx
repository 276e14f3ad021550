import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { VisitorSystem } from '../../../contract/platform';
import { PLATFORM_NAMES } from './platforms';

/**
 * Why the list is in this order: the visitor's own platform first, said only when it is theirs.
 * Linux has no app (SPEC §1 names four platforms): it is pointed to a third-party client instead.
 */
export function DownloadLead({ system }: { system: VisitorSystem }) {
  if (system === 'LINUX')
    return (
      <Trans>
        One account on all your devices. There is no Kestrel VPN app for Linux: on Linux, import
        your subscription into a third-party client such as Clash or sing-box from the{' '}
        <Link to="/user/third-party-client">Third-party client</Link> page of your personal centre.
      </Trans>
    );
  if (system === 'OTHER')
    return (
      <Trans>One account on all your devices: iPhone and iPad, Android, macOS and Windows.</Trans>
    );
  const own = PLATFORM_NAMES[system];
  return (
    <Trans>
      One account on all your devices. We put {own} first because that is what you are using.
    </Trans>
  );
}
