import { Trans } from '@lingui/react/macro';
import { ResultIllustration } from './result-illustration';
import './status-screen.css';

/** The error screen of SPEC §2: title, subtitle, the error's message and a Reload button. */
export function ErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="status-screen" role="alert">
      <div>
        <ResultIllustration code={500} />
        <h1 className="status-screen__title">
          <Trans>Oops! An error occurred</Trans>
        </h1>
        <p className="status-screen__text">
          <Trans>Try refreshing the page or contact support.</Trans>
        </p>
        {message && <p className="status-screen__detail">{message}</p>}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
      </div>
    </main>
  );
}
