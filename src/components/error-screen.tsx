import { Trans } from '@lingui/react/macro';
import { StatusScreen } from './status-screen';

/** The error screen of SPEC §2: title, subtitle, the error's message and a Reload button. */
export function ErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <StatusScreen
      code={500}
      role="alert"
      title={<Trans>Oops! An error occurred</Trans>}
      text={<Trans>Try refreshing the page or contact support.</Trans>}
    >
      {message && <p className="status-screen__detail">{message}</p>}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </StatusScreen>
  );
}
