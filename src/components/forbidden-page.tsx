import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ResultIllustration } from './result-illustration';
import './status-screen.css';

/** The 403 result page, for a page the visitor may not open (SPEC §8's 403 illustration). */
export function ForbiddenPage() {
  return (
    <main className="status-screen">
      <div>
        <ResultIllustration code={403} />
        <h1 className="status-screen__title">
          <Trans>You don't have access to this page.</Trans>
        </h1>
        <p className="status-screen__text">
          <Trans>Log in with the account that owns it, or go back to the home page.</Trans>
        </p>
        <Link to="/" className="btn btn-primary">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </main>
  );
}
