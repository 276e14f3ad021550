import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { waitFor } from 'xstate';
import { ShopGroupType } from '../../../contract/enums';
import { formatDateTime } from '../../i18n/intl-format';
import { clearAuthToken } from '../../lib/storage';
import { showToast } from '../../lib/toast-store';
import { useSession, useSessionState } from '../../lib/session/session-context';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ResetSubscriptionCard } from './reset-subscription-card';
import { UsageCard } from './usage-card';
import { TitledCard } from '../../components/titled-card';
import { Detail } from '../../components/ui/detail';

function useDateFormat() {
  const { i18n } = useLingui();
  return (iso: string) => formatDateTime(i18n.locale, { dateStyle: 'long' }, iso);
}

/**
 * /user/profile: the account, the membership and account deletion; `children` are the cards other
 * features add between membership and deletion (the store's orders and redeem code, composed in
 * src/pages/profile.page.tsx, since no feature imports another).
 */
export default function ProfilePage({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  const user = useSessionState((s) => s.context.user);
  const session = useSession();
  const navigate = useNavigate();
  const formatDate = useDateFormat();
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const closeDialog = useCallback(() => {
    setDeleting(false);
    deleteButton.current?.focus();
  }, []);

  const onDeleted = useCallback(async () => {
    // The server has revoked the token: forget it first so logging out asks nobody.
    clearAuthToken();
    session.send({ type: 'LOGOUT' });
    await waitFor(session, (s) => s.matches('loggedOut'));
    await navigate({ to: '/', replace: true });
    showToast(t`Your account has been deleted.`, 'success');
  }, [navigate, session, t]);

  if (!user) return null;
  const now = Date.parse(user.serverTime);
  const active = user.expireTime !== null && Date.parse(user.expireTime) > now;
  const endedOn = user.expireTime ? formatDate(user.expireTime) : null;
  const deviceLimit = user.deviceLimit;

  return (
    <main className="profile">
      <h1 className="page-title">
        <Trans>Profile</Trans>
      </h1>
      <TitledCard look="profile-card" title={<Trans>Account</Trans>}>
        <dl className="profile-list">
          <Detail term={<Trans>User ID</Trans>}>{user.userId}</Detail>
          {user.username && <Detail term={<Trans>Username</Trans>}>{user.username}</Detail>}
          {user.email && <Detail term={<Trans>Email</Trans>}>{user.email}</Detail>}
          {user.phone && <Detail term={<Trans>Phone</Trans>}>{user.phone}</Detail>}
          <Detail term={<Trans>Invite code</Trans>}>{user.inviteCode}</Detail>
          <Detail term={<Trans>Member since</Trans>}>{formatDate(user.createdAt)}</Detail>
        </dl>
      </TitledCard>

      <TitledCard look="profile-card" title={<Trans>Membership</Trans>}>
        {active && user.expireTime ? (
          <dl className="profile-list">
            <Detail term={<Trans>Plan</Trans>}>
              <span className="badge">
                {user.planType === ShopGroupType.LITE ? (
                  <Trans>Lite</Trans>
                ) : (
                  <Trans>Standard</Trans>
                )}
              </span>
            </Detail>
            <Detail term={<Trans>Expiry date</Trans>}>{formatDate(user.expireTime)}</Detail>
            <Detail term={<Trans>Device limit</Trans>}>
              <Trans>Up to {deviceLimit} at once</Trans>
            </Detail>
          </dl>
        ) : (
          <>
            <p className="profile-empty">
              <span className="badge badge--muted">
                <Trans>No active membership</Trans>
              </span>
            </p>
            {endedOn && (
              <p className="field__hint">
                <Trans>Your last membership ended on {endedOn}.</Trans>
              </p>
            )}
            <p style={{ marginTop: 'var(--sp-3)' }}>
              <Link to="/pricing" className="btn btn-primary">
                <Trans>See plans</Trans>
              </Link>{' '}
              {user.trialAvailable && (
                <Link to="/trial" className="btn btn-secondary">
                  <Trans>Free trial</Trans>
                </Link>
              )}
            </p>
          </>
        )}
      </TitledCard>

      <UsageCard />
      <ResetSubscriptionCard />
      {children}

      <TitledCard look="profile-card" className="danger-zone" title={<Trans>Delete account</Trans>}>
        <p>
          <Trans>
            Deleting your account is permanent. Your personal data is erased; order records are kept
            without your name for accounting.
          </Trans>
        </p>
        <button
          ref={deleteButton}
          type="button"
          className="btn btn-danger"
          onClick={() => setDeleting(true)}
        >
          <Trans>Delete account</Trans>
        </button>
      </TitledCard>

      {deleting && (
        <DeleteAccountDialog
          hasPassword={user.hasPassword}
          onClose={closeDialog}
          onDeleted={onDeleted}
        />
      )}
    </main>
  );
}
