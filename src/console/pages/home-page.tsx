import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDateTime } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { ConsolePage } from '../console-page';
import { PERMISSION_TEXT, useRoleName } from '../roles';
import { sectionsFor } from '../sections';
import { useConsoleSession } from '../use-console-session';
import { Dashboard } from './dashboard';

/**
 * /admin: the dashboard, then who is signed in, with which role, what that role may do (the server's matrix, as the
 * session reports it), and the sections of the console that exist for it.
 */
export default function ConsoleHomePage() {
  const { i18n } = useLingui();
  const session = useConsoleSession();
  const roleName = useRoleName();
  const dateTime = useDateTime();
  const sections = sectionsFor(session.permissions);
  return (
    <ConsolePage title={<Trans>Overview</Trans>}>
      <Dashboard />
      <TitledCard look="console-panel" title={<Trans>You are signed in</Trans>}>
        <dl className="console-facts">
          <div>
            <dt>
              <Trans>Username</Trans>
            </dt>
            <dd>{session.staff.username}</dd>
          </div>
          <div>
            <dt>
              <Trans>Role</Trans>
            </dt>
            <dd>{roleName(session.staff.role)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Session ends</Trans>
            </dt>
            <dd>
              <Trans>
                after 15 minutes without activity, at the latest{' '}
                {dateTime(session.absoluteExpiresAt)}
              </Trans>
            </dd>
          </div>
        </dl>
      </TitledCard>
      <TitledCard look="console-panel" title={<Trans>Sections</Trans>}>
        {sections.length === 0 ? (
          <p className="console-muted">
            <Trans>
              No section of the console is open to your role yet. The sections for your permissions
              below arrive with the next parts of the console.
            </Trans>
          </p>
        ) : (
          <ul className="console-sections">
            {sections.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className="console-sections__link">
                  {i18n._(section.label)}
                </Link>
                <p>{i18n._(section.summary)}</p>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard look="console-panel" title={<Trans>What your role allows</Trans>}>
        <ul className="console-permissions">
          {session.permissions.map((permission) => (
            <li key={permission}>
              <span>{i18n._(PERMISSION_TEXT[permission])}</span>
              <code className="console-muted">{permission}</code>
            </li>
          ))}
        </ul>
      </TitledCard>
    </ConsolePage>
  );
}
