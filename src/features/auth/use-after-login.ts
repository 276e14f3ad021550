import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { userInfoKey } from '../../lib/queries/user-info';
import { safeRedirect } from '../../lib/redirect';
import { useSession } from '../../lib/session/session-context';

const guest = getRouteApi('/guest');

/**
 * After a login or registration stored its token: a fresh user, then `?redirect` or the profile.
 * The same function while the page stays (the login machine is provided with it once).
 */
export function useAfterLogin(): () => Promise<void> {
  const queryClient = useQueryClient();
  const session = useSession();
  const navigate = useNavigate();
  const { redirect } = guest.useSearch();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: userInfoKey });
    session.send({ type: 'LOGGED_IN' });
    await waitFor(session, (s) => !s.matches('unknown'));
    await navigate({ href: safeRedirect(redirect), replace: true });
  }, [queryClient, session, navigate, redirect]);
}
