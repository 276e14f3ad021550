import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useErrorText } from '../../i18n/use-error-text';
import { displayConfigQuery } from '../../lib/queries/catalog';
import { useSessionState } from '../../lib/session/session-context';
import { PagePending } from '../../components/page-pending';
import { freeTrialStatusKey, freeTrialStatusQuery, startFreeTrial } from './api/store-calls';
import { useDateTime } from '../../components/formats';
import { useMembershipGrant } from './use-membership-grant';
import { ContentPage } from '../../components/content-page';
import './store.css';

/** SPEC §9: the free trial (display config `trialMinutes`, 15 by default), once per account and device. */
export default function TrialPage() {
  const { data: display } = useQuery(displayConfigQuery());
  const minutes = display?.trialMinutes ?? 15;
  return (
    <ContentPage
      title={<Trans>Free trial</Trans>}
      lead={<Trans>Try Kestrel VPN Standard free for {minutes} minutes. No payment needed.</Trans>}
    >
      <div className="card trial-card">
        <ul className="trial-list">
          <li>
            <Trans>Every Standard server, at full speed.</Trans>
          </li>
          <li>
            <Trans>
              Starts the moment you press Start and ends by itself after {minutes} minutes.
            </Trans>
          </li>
          <li>
            <Trans>
              One trial per account and per device; accounts that had a membership already know the
              service.
            </Trans>
          </li>
        </ul>
        <TrialAction />
      </div>
    </ContentPage>
  );
}

function TrialAction() {
  const errorText = useErrorText();
  const formatDateTime = useDateTime();
  const loggedOut = useSessionState((s) => s.matches('loggedOut'));
  const user = useSessionState((s) => s.context.user);
  const { pending, error, expiry, grant } = useMembershipGrant([freeTrialStatusKey]);
  const status = useQuery({ ...freeTrialStatusQuery(user?.userId ?? 0), enabled: Boolean(user) });

  const endsAt = expiry ? formatDateTime(expiry) : '';

  if (loggedOut) {
    return (
      <div className="trial-actions">
        <p className="field__hint">
          <Trans>Log in or create an account first; the trial is tied to it.</Trans>
        </p>
        <Link to="/login" search={{ redirect: '/trial' }} className="btn btn-primary">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/register" search={{ redirect: '/trial' }} className="btn btn-secondary">
          <Trans>Register</Trans>
        </Link>
      </div>
    );
  }
  if (!user) return <PagePending />;

  if (expiry) {
    return (
      <div className="trial-actions" role="status">
        <p className="notice-ok">
          <Trans>Your free trial has started. It ends at {endsAt}.</Trans>
        </p>
        <Link to="/download" className="btn btn-primary">
          <Trans>Download the app</Trans>
        </Link>
      </div>
    );
  }

  if (status.isPending) return <PagePending />;
  // The server's reason, not a guess from the expiry: after the trial itself the account has one too.
  const why = status.data?.refusal ?? null;
  if (why !== null) {
    return (
      <div className="trial-actions">
        <p className="field__hint">{errorText(why)}</p>
        <Link to="/pricing" className="btn btn-primary">
          <Trans>See plans</Trans>
        </Link>
      </div>
    );
  }

  return (
    <div className="trial-actions">
      <button
        type="button"
        className="btn btn-primary"
        disabled={pending}
        aria-busy={pending}
        onClick={() => void grant(startFreeTrial)}
      >
        {pending && <span className="spinner" aria-hidden="true" />}
        <Trans>Start free trial</Trans>
      </button>
      {error !== null && (
        <p className="field__error" role="alert">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
