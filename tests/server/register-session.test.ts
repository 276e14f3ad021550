/**
 * A registration's token lives in one tab (SPEC §4: sessionStorage `registerToken`), so a new tab
 * would show the login page. The first other call made with it answers with a fresh ordinary token
 * in `pragma`, which the SPA keeps in localStorage and the cookie (issue 11, item 11): exactly once,
 * even for parallel first calls, and never for a login's token.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema';
import { PASSWORD, registerByUsername, uniqueName } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const INFO = '/api/system/system_user_info';
const LOGIN = '/api/user/user_login';

describe.each(variants)(
  'the register token is renewed into an ordinary one on $name',
  (variant) => {
    const t = useTestApp(variant);
    const sessionsOf = (userId: number) =>
      t.app.kestrel.database.db
        .select({ tabOnly: sessions.tabOnly, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, userId));

    it('the first call after registering returns a fresh token in pragma, once', async () => {
      const user = await registerByUsername(t.api);
      expect(await sessionsOf(user.userId)).toEqual([{ tabOnly: true, revokedAt: null }]);

      const first = await t.api.call<{ userId: number }>(INFO, {}, { token: user.token });
      expect(first.body.code).toBe(200);
      const fresh = first.headers.pragma;
      expect(fresh).toBeTypeOf('string');
      expect(fresh).not.toBe(user.token);

      // The fresh token is the user's; neither token brings another one.
      const withFresh = await t.api.call<{ userId: number }>(INFO, {}, { token: String(fresh) });
      expect(withFresh.body.data.userId).toBe(user.userId);
      expect(withFresh.headers.pragma).toBeUndefined();
      const withRegister = await t.api.call(INFO, {}, { token: user.token });
      expect(withRegister.body.code).toBe(200);
      expect(withRegister.headers.pragma).toBeUndefined();

      const rows = await sessionsOf(user.userId);
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => !row.tabOnly && row.revokedAt === null)).toBe(true);
    });

    it('the two tokens are one sign-in: logging out with either ends both; other sign-ins stay', async () => {
      const LOGOUT = '/api/user/user_logout';
      for (const logoutWith of ['fresh', 'register'] as const) {
        const user = await registerByUsername(t.api);
        const first = await t.api.call(INFO, {}, { token: user.token });
        const fresh = String(first.headers.pragma);
        const login = await t.api.call(LOGIN, { account: user.username, password: PASSWORD });
        const other = String(login.headers.pragma);

        const out = await t.api.call(
          LOGOUT,
          {},
          { token: logoutWith === 'fresh' ? fresh : user.token },
        );
        expect(out.body.code, logoutWith).toBe(200);
        for (const token of [fresh, user.token]) {
          const after = await t.api.call(INFO, {}, { token });
          expect(after.httpStatus, `${logoutWith}: ${token === fresh ? 'fresh' : 'register'}`).toBe(
            401,
          );
        }
        // A sign-in on another device is not this one.
        expect((await t.api.call(INFO, {}, { token: other })).body.code).toBe(200);
        const rows = await sessionsOf(user.userId);
        expect(rows.filter((row) => row.revokedAt !== null)).toHaveLength(2);
        expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(1);
      }
    });

    it('parallel first calls get one fresh token between them', async () => {
      const user = await registerByUsername(t.api);
      const calls = await Promise.all(
        Array.from({ length: 8 }, () => t.api.call(INFO, {}, { token: user.token })),
      );
      expect(calls.every((call) => call.body.code === 200)).toBe(true);
      expect(calls.filter((call) => typeof call.headers.pragma === 'string')).toHaveLength(1);
      expect(await sessionsOf(user.userId)).toHaveLength(2);
    });

    it('a failed call does not renew; a login token is never renewed', async () => {
      const user = await registerByUsername(t.api, uniqueName('renew'));
      const refused = await t.api.call(
        '/api/system/system_redeem_code',
        { code: 'NO-SUCH-CODE-1' },
        { token: user.token },
      );
      expect(refused.body.code).not.toBe(200);
      expect(refused.headers.pragma).toBeUndefined();
      expect((await sessionsOf(user.userId)).map((row) => row.tabOnly)).toEqual([true]);

      const login = await t.api.call(LOGIN, { account: user.username, password: PASSWORD });
      expect(login.body.code).toBe(200);
      const info = await t.api.call(INFO, {}, { token: String(login.headers.pragma) });
      expect(info.body.code).toBe(200);
      expect(info.headers.pragma).toBeUndefined();
    });

    it('a register call made while holding a register token starts a new tab-only session only', async () => {
      const user = await registerByUsername(t.api);
      const another = await t.api.call(
        '/api/user/register_type_username',
        { username: uniqueName('second'), password: PASSWORD },
        { token: user.token },
      );
      expect(another.body.code).toBe(200);
      expect((await sessionsOf(user.userId)).map((row) => row.tabOnly)).toEqual([true]);
    });
  },
);
