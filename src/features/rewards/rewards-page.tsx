import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField } from '../../components/ui/copy-field';
import { DataTable } from '../../components/ui/data-table';
import { displayConfigQuery } from '../../lib/queries/catalog';
import { useSessionState } from '../../lib/session/session-context';
import { formatDateTime } from '../../i18n/intl-format';
import { ProductName } from '../../components/formats';
import { inviteLinkFor } from '../../lib/invite-link';
import { inviteListQuery } from './api/invite-list';
import { InviteQrPanel } from '../../components/invite-qr-panel';
import { InviteLinkField } from '../../components/invite-link-field';
import '../../components/ui/form.css';
import './rewards.css';
import { TitledCard } from '../../components/titled-card';

function useDuration() {
  const { t } = useLingui();
  return (seconds: number) => {
    if (seconds <= 0) return '—';
    const days = Math.floor(seconds / 86_400);
    const hours = Math.floor((seconds % 86_400) / 3_600);
    const minutes = Math.floor((seconds % 3_600) / 60);
    if (days > 0) return t`${days} d ${hours} h`;
    if (hours > 0) return t`${hours} h ${minutes} min`;
    return t`${minutes} min`;
  };
}

export default function RewardsPage() {
  const { t, i18n } = useLingui();
  const user = useSessionState((s) => s.context.user);
  const config = useQuery(displayConfigQuery());
  const list = useQuery(inviteListQuery());
  const duration = useDuration();
  if (!user) return null;

  const link = inviteLinkFor(window.location.origin, user.inviteCode);
  const formatDate = (iso: string) => formatDateTime(i18n.locale, { dateStyle: 'medium' }, iso);
  const minutes = config.data?.inviteTrialMinutes;
  const percent = config.data?.inviteBonusPercent;
  const now = Date.parse(user.serverTime);
  const active = user.expireTime !== null && Date.parse(user.expireTime) > now;
  const canEarn = list.data?.canEarn ?? active;

  return (
    <main className="rewards">
      <h1 className="page-title">
        <Trans>Invite friends</Trans>
      </h1>

      {!canEarn && (
        <p className="card rewards-notice" role="note">
          <Trans>
            You need an active membership to earn bonus time. Friends you invite still get their
            free time.
          </Trans>{' '}
          <Link to="/pricing">
            <Trans>See plans</Trans>
          </Link>
        </p>
      )}

      <section className="card rewards-card" aria-labelledby="rewards-share">
        <InviteQrPanel link={link} size={152}>
          <div className="rewards-share__fields">
            <h2 id="rewards-share" className="rewards-card__title">
              <Trans>Your invite link and code</Trans>
            </h2>
            <InviteLinkField id="rewards-link" link={link} />
            <CopyField
              id="rewards-code"
              label={<Trans>Invite code</Trans>}
              value={user.inviteCode}
              copyLabel={t`Copy invite code`}
              inputClassName="rewards-code"
            />
          </div>
        </InviteQrPanel>
      </section>

      <TitledCard look="rewards-card" title={<Trans>How it works</Trans>}>
        {minutes !== undefined && percent !== undefined ? (
          <ol className="rewards-rules">
            <li>
              <Trans>Share your link or code with a friend.</Trans>
            </li>
            <li>
              <Trans>
                Your friend gets {minutes} minutes of free Standard membership when they sign up
                with it.
              </Trans>
            </li>
            <li>
              <Trans>
                Each time your friend buys a plan, you get {percent}% of the time they bought, added
                to your membership.
              </Trans>
            </li>
            <li>
              <Trans>You earn bonus time only while your own membership is active.</Trans>
            </li>
          </ol>
        ) : (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
      </TitledCard>

      <TitledCard look="rewards-card" title={<Trans>Invitations</Trans>}>
        {list.data && list.data.totalBonusSeconds > 0 && (
          <p className="rewards-total">
            <Trans>Bonus time earned: {duration(list.data.totalBonusSeconds)}</Trans>
          </p>
        )}
        <DataTable
          className="rewards-table"
          stacked={false}
          rows={list.data?.invitations}
          rowKey={(row, i) => `${row.date}-${i}`}
          loading={
            list.isPending && (
              <p role="status">
                <Trans>Loading…</Trans>
              </p>
            )
          }
          empty={
            <p className="rewards-empty">
              <Trans>No invitations yet. Friends who sign up with your link appear here.</Trans>
            </p>
          }
          columns={[
            { key: 'date', header: t`Date`, cell: (row) => formatDate(row.date) },
            { key: 'invitee', header: t`Invitee`, cell: (row) => row.invitee },
            {
              key: 'product',
              header: t`Product`,
              cell: (row) =>
                row.product ? (
                  <ProductName groupType={row.product.groupType} months={row.product.months} />
                ) : (
                  t`Signed up`
                ),
            },
            { key: 'bonus', header: t`Bonus time`, cell: (row) => duration(row.bonusSeconds) },
          ]}
        />
      </TitledCard>
    </main>
  );
}
