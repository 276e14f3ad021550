import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberSession } from '../../../contract/endpoints/account-security';
import { QueryStatus } from '../../components/query-status';
import { TitledCard } from '../../components/titled-card';
import { DataTable } from '../../components/ui/data-table';
import { useCompactDateTime } from '../../components/formats';
import { revokeSession, sessionListKey, sessionListQuery } from './api/security';

/** The `platform` header a session signed in with, as people name it. */
function usePlatformName(): (platform: string) => string {
  const { t } = useLingui();
  return (platform) => {
    switch (platform) {
      case 'ios':
        return t`iOS app`;
      case 'android':
        return t`Android app`;
      case 'mac':
        return t`Mac`;
      case 'windows':
        return t`Web or Windows`;
      default:
        return platform;
    }
  };
}

/** Every signed-in session, the current one marked; sign one out, or every other one. */
export function SessionsCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(sessionListQuery());
  const { data } = query;
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const platformName = usePlatformName();
  const when = useCompactDateTime();

  const signOut = async (target: number | 'others') => {
    setBusy(target);
    try {
      await revokeSession(target === 'others' ? { allOthers: true } : { sessionId: target });
    } catch {
      // The toast said why; the list is read again either way.
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: sessionListKey });
    }
  };
  const others = data?.sessions.filter((s) => !s.current).length ?? 0;
  const name = (session: MemberSession) => session.client || platformName(session.platform);

  return (
    <TitledCard look="security-card" title={<Trans>Where you are signed in</Trans>}>
      <QueryStatus query={query} />
      {data && (
        <>
          <DataTable
            className="security-sessions"
            caption={<Trans>Signed-in sessions</Trans>}
            rows={data.sessions}
            rowKey={(session) => session.id}
            isCurrent={(session) => session.current}
            empty={
              <p>
                <Trans>No signed-in sessions.</Trans>
              </p>
            }
            columns={[
              {
                key: 'client',
                header: t`Browser or app`,
                rowHeader: true,
                cell: (session) => (
                  <>
                    <span className="security-sessions__client">{name(session)}</span>
                    {session.current && (
                      <span className="badge">
                        <Trans>This session</Trans>
                      </span>
                    )}
                  </>
                ),
              },
              {
                key: 'platform',
                header: t`Platform`,
                cell: (session) => platformName(session.platform),
              },
              { key: 'ip', header: t`IP address`, cell: (session) => session.ip ?? '—' },
              {
                key: 'lastActive',
                header: t`Last active`,
                cell: (session) => when(session.lastActiveAt),
              },
              {
                key: 'actions',
                header: t`Actions`,
                cell: (session) =>
                  session.current ? (
                    '—'
                  ) : (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={busy !== null}
                      aria-label={t`Sign out ${name(session)}, last active ${when(session.lastActiveAt)}`}
                      onClick={() => void signOut(session.id)}
                    >
                      <Trans>Sign out</Trans>
                    </button>
                  ),
              },
            ]}
          />
          {others > 0 && (
            <button
              type="button"
              className="btn btn-secondary security-card__action"
              disabled={busy !== null}
              onClick={() => void signOut('others')}
            >
              <Trans>Sign out all other sessions</Trans>
            </button>
          )}
        </>
      )}
    </TitledCard>
  );
}
