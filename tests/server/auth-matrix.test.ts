/**
 * The auth matrix (issue 2 §5): every implemented endpoint that needs a session, taken from the
 * catalogue, refuses no token, a malformed one, an unknown one, a revoked one and a deleted user's;
 * and a user's data never answers another user's token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, Errors } from '../../contract';
import { PASSWORD, registerByUsername } from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const sessionEndpoints = Object.entries(endpoints).filter(
  ([, e]) => e.auth === 'session' && e.plannedIn === undefined,
);

describe.each(variants)('auth matrix on $name', (variant) => {
  let t: TestApp;
  let revoked: string;
  let deletedToken: string;
  beforeAll(async () => {
    t = await startTestApp(variant);
    const loggedOut = await registerByUsername(t.api);
    await t.api.call('/api/user/user_logout', {}, { token: loggedOut.token });
    revoked = loggedOut.token;
    const gone = await registerByUsername(t.api);
    await t.api.call(
      '/api/user/user_delete_account',
      { confirm: true, password: PASSWORD },
      { token: gone.token },
    );
    deletedToken = gone.token;
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('covers the session endpoints of the catalogue', () => {
    expect(sessionEndpoints.map(([name]) => name)).toEqual(
      expect.arrayContaining(['systemUserInfo', 'userLogout', 'userDeleteAccount']),
    );
  });

  const badTokens = (): [string, string | undefined][] => [
    ['no token', undefined],
    ['an empty token', ''],
    ['a malformed token', 'not-a-token'],
    ['a well-formed unknown token', 'A'.repeat(43)],
    ['a revoked (logged-out) token', revoked],
    ["a deleted user's token", deletedToken],
  ];

  for (const [name, endpoint] of sessionEndpoints) {
    it(`${name} refuses every bad token with HTTP 401 / code 401`, async () => {
      for (const [label, token] of badTokens()) {
        const params = name === 'userDeleteAccount' ? { confirm: true, password: PASSWORD } : {};
        const { httpStatus, body, headers } = await t.api.call(
          endpoint.path,
          params,
          token === undefined ? {} : { token },
        );
        expect(httpStatus, label).toBe(401);
        expect(body.code, label).toBe(Errors.UNAUTHORIZED.code);
        expect(body.data, label).toBeNull();
        expect(headers.pragma, label).toBeUndefined();
      }
    });
  }

  it('a burst of calls with one fresh token all authenticate, then a logout ends them all', async () => {
    const user = await registerByUsername(t.api);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api.call<{ userId: number }>('/api/system/system_user_info', {}, { token: user.token }),
      ),
    );
    expect(burst.every((r) => r.body.data.userId === user.userId)).toBe(true);
    await t.api.call('/api/user/user_logout', {}, { token: user.token });
    const after = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.api.call('/api/system/system_user_info', {}, { token: user.token }),
      ),
    );
    expect(after.every((r) => r.httpStatus === 401)).toBe(true);
  });

  it("never returns another user's data", async () => {
    const alice = await registerByUsername(t.api);
    const bob = await registerByUsername(t.api);
    const aliceInfo = await t.api.call<{ userId: number; username: string }>(
      '/api/system/system_user_info',
      {},
      { token: alice.token },
    );
    const bobInfo = await t.api.call<{ userId: number; username: string }>(
      '/api/system/system_user_info',
      {},
      { token: bob.token },
    );
    expect(aliceInfo.body.data).toMatchObject({ userId: alice.userId, username: alice.username });
    expect(bobInfo.body.data).toMatchObject({ userId: bob.userId, username: bob.username });
    // Bob's logout ends Bob's session, not Alice's.
    await t.api.call('/api/user/user_logout', {}, { token: bob.token });
    expect(
      (await t.api.call('/api/system/system_user_info', {}, { token: alice.token })).body.code,
    ).toBe(200);
    // Alice deleting her account with her token leaves Bob's account intact.
    const bobAgain = await t.api.call('/api/user/user_login', {
      account: bob.username,
      password: PASSWORD,
    });
    await t.api.call(
      '/api/user/user_delete_account',
      { confirm: true, password: PASSWORD },
      { token: alice.token },
    );
    const stillBob = await t.api.call<{ userId: number }>(
      '/api/system/system_user_info',
      {},
      { token: String(bobAgain.headers.pragma) },
    );
    expect(stillBob.body.data.userId).toBe(bob.userId);
  });
});
