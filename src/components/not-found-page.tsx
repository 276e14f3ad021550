import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ResultIllustration } from './result-illustration';
import './status-screen.css';

export function NotFoundPage() {
  return (
    <main className="status-screen">
      <div>
        <ResultIllustration code={404} />
        <h1 className="status-screen__title">
          <Trans>Sorry, we couldn't find that page.</Trans>
        </h1>
        <p className="status-screen__text">
          <Trans>The link may be broken or the page may have moved.</Trans>
        </p>
        <Link to="/" className="btn btn-primary">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </main>
  );
}
