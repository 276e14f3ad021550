import { Outlet } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { LanguageButton } from './language-button';
import './console.css';

/**
 * Every /admin page (the sign-in, the enrolment, the signed-in shell): the console's own bar, not
 * the member site's header and footer. Loaded only by the /admin routes.
 */
export default function ConsoleFrame() {
  return (
    <div className="console">
      <header className="console-bar">
        <span className="console-bar__brand">
          <Trans>Kestrel VPN console</Trans>
        </span>
        <LanguageButton />
      </header>
      <Outlet />
    </div>
  );
}
