/**
 * The non-PROD `POST /dev/redeem-codes` route the e2e redeem journey uses (server/store/store-dev-routes.ts).
 */
import { describe, expect, it } from 'vitest';
import { registerByUsername } from './helpers/accounts';
import { expectOk } from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const [pglite] = variants;

describe('dev redeem-code route', () => {
  const t = useTestApp(pglite!);

  it('makes one single-use code that redeems for the asked plan and days', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/dev/redeem-codes',
      payload: { planType: 2, days: 7 },
    });
    expect(made.statusCode).toBe(200);
    const { code } = made.json<{ code: string }>();
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const user = await registerByUsername(t.api);
    const redeemed = expectOk(
      await t.api.call<{ planType: number; addedSeconds: number }>(
        '/api/system/system_redeem_code',
        { code },
        { token: user.token },
      ),
    );
    expect(redeemed).toMatchObject({ planType: 2, addedSeconds: 7 * 86_400 });
    const other = await registerByUsername(t.api);
    const again = await t.api.call(
      '/api/system/system_redeem_code',
      { code },
      { token: other.token },
    );
    expect(again.body.code).not.toBe(200);
  });

  it('defaults to Standard for 30 days and refuses a body out of range', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/dev/redeem-codes' });
    expect(made.statusCode).toBe(200);
    for (const payload of [{ planType: 3 }, { days: 0 }, { uses: 'x' }]) {
      const bad = await t.app.inject({ method: 'POST', url: '/dev/redeem-codes', payload });
      expect(bad.statusCode).toBe(400);
    }
  });

  it(
    'does not exist in PROD',
    async () => {
      const prod = await startTestApp(pglite!, { env: { APP_ENV: 'PROD' } });
      try {
        expect(prod.app.hasRoute({ method: 'POST', url: '/dev/redeem-codes' })).toBe(false);
      } finally {
        await prod.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
