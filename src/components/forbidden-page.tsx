import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { StatusScreen } from './status-screen';

/** The 403 result page, for a page the visitor may not open (SPEC §8's 403 illustration). */
export function ForbiddenPage() {
  return (
    <StatusScreen
      code={403}
      title={<Trans>You don't have access to this page.</Trans>}
      text={<Trans>Log in with the account that owns it, or go back to the home page.</Trans>}
    >
      <Link to="/" className="btn btn-primary">
        <Trans>Back to home</Trans>
      </Link>
    </StatusScreen>
  );
}
