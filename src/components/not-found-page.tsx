import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { StatusScreen } from './status-screen';

export function NotFoundPage() {
  return (
    <StatusScreen
      code={404}
      title={<Trans>Sorry, we couldn't find that page.</Trans>}
      text={<Trans>The link may be broken or the page may have moved.</Trans>}
    >
      <Link to="/" className="btn btn-primary">
        <Trans>Back to home</Trans>
      </Link>
    </StatusScreen>
  );
}
