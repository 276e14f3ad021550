import { loadApi } from '../lib/load-api';
import type { SessionActor } from '../lib/session/session';
import type { createAppRouter } from './router';

/**
 * A 401 outside the login-type calls (SPEC §4): the session ends here and the visitor goes to the
 * login page with the way back. The router navigates in place instead of reloading the document.
 */
export function onUnauthorizedRedirect(
  router: ReturnType<typeof createAppRouter>,
  session: SessionActor,
): void {
  void loadApi().then(({ onUnauthorized }) =>
    onUnauthorized(() => {
      session.send({ type: 'UNAUTHORIZED' });
      const { pathname, searchStr } = router.state.location;
      if (/^\/(login|register|resetpassword)/.test(pathname)) return;
      void router.navigate({
        to: '/login',
        search: { redirect: `${pathname}${searchStr}` },
        replace: true,
      });
    }),
  );
}
