import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { ConsolePermission } from '../../contract/endpoints/console';
import { useConsoleSession } from './use-console-session';

/** The console's 403: a section the signed-in role may not open. */
export function ConsoleForbidden() {
  return (
    <section className="console-forbidden" aria-labelledby="console-forbidden-title">
      <p className="console-forbidden__code" aria-hidden="true">
        403
      </p>
      <h1 id="console-forbidden-title" className="console-page__title">
        <Trans>Your role cannot open this section.</Trans>
      </h1>
      <p>
        <Trans>Ask an owner if you need it. Everything your role allows is on the overview.</Trans>
      </p>
      <Link to="/admin" className="btn btn-primary">
        <Trans>Back to the overview</Trans>
      </Link>
    </section>
  );
}

/** A section's page when the role holds its permission, else the console's forbidden page. */
export function Permitted({
  permission,
  children,
}: {
  permission: ConsolePermission;
  children: ReactNode;
}) {
  const session = useConsoleSession();
  return session.permissions.includes(permission) ? children : <ConsoleForbidden />;
}
