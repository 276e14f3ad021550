import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemUserInfo } from '../../contract/endpoints/system';
import {
  userLogin,
  registerTypeUsername,
  userLogout,
  userSendCode,
} from '../../contract/endpoints/user';
import { getToasts, dismissToast } from '../../src/lib/toast-store';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/**
 * PKCS#1 v1.5 unpadding by hand: Node 20 refuses RSA_PKCS1_PADDING decryption (DESIGN §2). jsencrypt
 * drops leading zero bytes of the ciphertext; they are put back first, as the server does.
 */
function decryptSignature(signature: string): unknown {
  const cipher = Buffer.from(signature, 'base64');
  const raw = privateDecrypt(
    { key: privateKey, padding: constants.RSA_NO_PADDING },
    Buffer.concat([Buffer.alloc(256 - cipher.length), cipher]),
  );
  expect(raw[0]).toBe(0);
  expect(raw[1]).toBe(2);
  const end = raw.indexOf(0, 2);
  return JSON.parse(raw.subarray(end + 1).toString('utf8'));
}

interface Seen {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
let reply: (path: string) => Response = () => HttpResponse.json({ code: 200, msg: '', data: {} });
/** A login or register answer for the user, its session token in the pragma header. */
const signedIn = (userId: number, pragma: string) =>
  HttpResponse.json(
    { code: 200, msg: '', data: { userId, deviceToken: `dt-${userId}` } },
    { headers: { pragma } },
  );

const server = setupServer(
  http.get('*/v4/test/public-keys', () =>
    HttpResponse.json({ keys: { ios: pem, android: pem, mac: pem, windows: pem } }),
  ),
  http.post('*/v4/test/api/*', async ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      url: url.pathname,
      headers: request.headers,
      body: (await request.json()) as Record<string, unknown>,
    });
    return reply(url.pathname.replace('/v4/test', ''));
  }),
);

const validUser = {
  userId: 7,
  username: 'kestrel',
  email: null,
  phone: null,
  expireTime: null,
  planType: null,
  yearlyPaidUser: 0,
  benefitsExpireTime: null,
  isKol: 0,
  inviteCode: 'ABCD1234',
  hasPassword: true,
  trialAvailable: true,
  deviceLimit: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  serverTime: '2026-11-22T00:00:00.000Z',
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  seen.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  for (const toast of getToasts()) dismissToast(toast.id);
  const { activateLocale } = await import('../../src/i18n/i18n');
  await activateLocale('en');
});
afterEach(() => vi.restoreAllMocks());

const api = () => import('../../src/lib/api-client');

describe('the signed call (DESIGN §2)', () => {
  it('posts {signature, ...params} with an RSA signature of {nonce, timestamp} and the four headers', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('deviceId', 'device-9');
    reply = () =>
      HttpResponse.json({ code: 200, msg: '', data: { userId: 7, deviceToken: 'dt-7' } });
    const { callApi } = await api();
    const before = Date.now();
    const data = await callApi(userLogin, { account: 'kestrel', password: 'secret-pass' });
    expect(data).toEqual({ userId: 7, deviceToken: 'dt-7' });

    const [call] = seen;
    expect(call?.url).toBe('/v4/test/api/user/user_login');
    expect(call?.body.account).toBe('kestrel');
    expect(call?.body.password).toBe('secret-pass');
    const payload = decryptSignature(String(call?.body.signature)) as {
      nonce: string;
      timestamp: number;
    };
    expect(Object.keys(payload).sort()).toEqual(['nonce', 'timestamp']);
    expect(payload.nonce).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(payload.timestamp).toBeGreaterThanOrEqual(before);
    expect(call?.headers.get('authorization')).toBe('tok-1');
    expect(call?.headers.get('platform')).toBe('windows');
    expect(call?.headers.get('language')).toBe('en');
    expect(call?.headers.get('deviceid')).toBe('device-9');
  });

  it('sends the ad-click ids kept in cookies as the tracking headers of SPEC §3', async () => {
    document.cookie = 'wbraid=wb-1; path=/';
    document.cookie = 'bd_vid=bd-2; path=/';
    document.cookie = 'twclid=tw-3; path=/';
    reply = () => HttpResponse.json({ code: 200, msg: '', data: {} });
    const { callApi } = await api();
    await callApi(userLogout, {});
    const headers = seen.at(-1)?.headers;
    expect(headers?.get('x-gid')).toBe('wb-1');
    expect(headers?.get('x-bd-vid')).toBe('bd-2');
    expect(headers?.get('x-twclid')).toBe('tw-3');
    for (const name of ['wbraid', 'bd_vid', 'twclid']) {
      document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    }
  });

  it('sends the language of the interface: zh_CN after switching', async () => {
    const { activateLocale } = await import('../../src/i18n/i18n');
    await activateLocale('zh-CN');
    reply = () => HttpResponse.json({ code: 200, msg: '', data: {} });
    const { callApi } = await api();
    await callApi(userLogout, {});
    expect(seen[0]?.headers.get('language')).toBe('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('stores a pragma token; a register-type token goes to sessionStorage only', async () => {
    const { callApi } = await api();
    reply = () => signedIn(1, 'fresh');
    await callApi(userLogin, { account: 'a', password: 'b' });
    expect(localStorage.getItem('token')).toBe('fresh');

    localStorage.clear();
    reply = () => signedIn(2, 'reg');
    await callApi(registerTypeUsername, { username: 'kestrel', password: 'password1' });
    expect(sessionStorage.getItem('registerToken')).toBe('reg');
    expect(localStorage.getItem('token')).toBeNull();
    // The register token then authorises the next call.
    reply = () => HttpResponse.json({ code: 200, msg: '', data: {} });
    await callApi(userLogout, {});
    expect(seen.at(-1)?.headers.get('authorization')).toBe('reg');
  });
});

describe('a refused timestamp (issue 19, item 8)', () => {
  it("signs again once with the server's time after SIGNATURE_EXPIRED, and keeps that clock", async () => {
    const serverAhead = 10 * 60_000;
    let refusals = 1;
    reply = () =>
      refusals-- > 0
        ? HttpResponse.json({
            code: 1002,
            msg: 'Request expired. Please check your device clock and try again.',
            data: { serverTime: Date.now() + serverAhead },
          })
        : HttpResponse.json({ code: 200, msg: '', data: {} });
    const { callApi } = await api();
    await expect(callApi(userLogout, {})).resolves.toEqual({});
    expect(getToasts()).toEqual([]);
    const stamps = seen.map(
      (call) => (decryptSignature(String(call.body.signature)) as { timestamp: number }).timestamp,
    );
    expect(stamps).toHaveLength(2);
    expect(Math.abs(stamps[1]! - (Date.now() + serverAhead))).toBeLessThan(5000);
    // The next call signs with the server's clock straight away.
    await callApi(userLogout, {});
    const third = decryptSignature(String(seen[2]?.body.signature)) as { timestamp: number };
    expect(Math.abs(third.timestamp - (Date.now() + serverAhead))).toBeLessThan(5000);

    // Refused again after signing again: reported, not retried for ever.
    refusals = 2;
    seen.length = 0;
    await expect(callApi(userLogout, {})).rejects.toMatchObject({ code: 1002 });
    expect(seen).toHaveLength(2);
    // Back to this device's clock for the other tests.
    refusals = 1;
    reply = () =>
      refusals-- > 0
        ? HttpResponse.json({ code: 1002, msg: '', data: { serverTime: Date.now() } })
        : HttpResponse.json({ code: 200, msg: '', data: {} });
    await callApi(userLogout, {});
  });
});

describe('failures (SPEC §8)', () => {
  it('toasts msg and rejects with the code when code != 200', async () => {
    reply = () =>
      HttpResponse.json({ code: 2001, msg: 'Incorrect account or password.', data: null });
    const { callApi } = await api();
    await expect(callApi(userLogin, { account: 'a', password: 'b' })).rejects.toMatchObject({
      code: 2001,
      msg: 'Incorrect account or password.',
    });
    expect(getToasts().map((t) => t.text)).toContain('Incorrect account or password.');
  });

  it("keeps the envelope's data on the error, so a cooldown refusal says how long to wait", async () => {
    reply = () =>
      HttpResponse.json({
        code: 2006,
        msg: 'Please wait before requesting another code.',
        data: { cooldownSeconds: 42 },
      });
    const { callApi } = await api();
    await expect(
      callApi(userSendCode, { channel: 'email', target: 'a@example.com', purpose: 'register' }),
    ).rejects.toMatchObject({ code: 2006, data: { cooldownSeconds: 42 } });
  });

  it('toasts the status when msg is missing', async () => {
    reply = () => HttpResponse.json({ code: 1099, msg: '', status: 'server_busy', data: null });
    const { callApi } = await api();
    await expect(callApi(userLogout, {})).rejects.toMatchObject({ code: 1099 });
    expect(getToasts().map((t) => t.text)).toContain('server_busy');
  });

  it('returns the body untouched for a skip-error call, without a toast', async () => {
    reply = () =>
      HttpResponse.json({ code: 401, msg: 'Please log in first.', data: null }, { status: 401 });
    const { callApiRaw } = await api();
    const body = await callApiRaw(systemUserInfo, {});
    expect(body).toMatchObject({ code: 401, msg: 'Please log in first.' });
    expect(getToasts()).toHaveLength(0);
  });

  it('redirects a 401 to the login page, but not for login-type calls', async () => {
    const { callApi, onUnauthorized } = await api();
    const redirect = vi.fn();
    onUnauthorized(redirect);
    localStorage.setItem('token', 'dead');
    reply = () =>
      HttpResponse.json({ code: 401, msg: 'Please log in first.', data: null }, { status: 401 });
    await expect(callApi(systemUserInfo, {})).rejects.toMatchObject({ code: 401 });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();

    await expect(callApi(userLogin, { account: 'a', password: 'b' })).rejects.toMatchObject({
      code: 401,
    });
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 alone when the session it was sent with ended while it was on its way', async () => {
    const { callApi, onUnauthorized } = await api();
    const redirect = vi.fn();
    onUnauthorized(redirect);
    localStorage.setItem('token', 'old');
    reply = () => {
      // The member logs out while the call is on its way: the token is gone when it answers.
      localStorage.removeItem('token');
      return HttpResponse.json(
        { code: 401, msg: 'Please log in first.', data: null },
        { status: 401 },
      );
    };
    await expect(callApi(systemUserInfo, {})).rejects.toMatchObject({ code: 401 });
    expect(redirect).not.toHaveBeenCalled();
    expect(getToasts()).toHaveLength(0);
  });

  it('rejects data that does not match the endpoint schema', async () => {
    reply = () =>
      HttpResponse.json({ code: 200, msg: '', data: { ...validUser, userId: 'seven' } });
    const { callApi } = await api();
    await expect(callApi(systemUserInfo, {})).rejects.toMatchObject({ code: 1099 });
    reply = () => HttpResponse.json({ code: 200, msg: '', data: validUser });
    await expect(callApi(systemUserInfo, {})).resolves.toMatchObject({ userId: 7 });
  });

  it('turns a network failure into the translated network error', async () => {
    reply = () => HttpResponse.error();
    const { callApi } = await api();
    await expect(callApi(userLogout, {})).rejects.toMatchObject({
      code: 1500,
      msg: 'Network error. Please try again later.',
    });
    const { activateLocale } = await import('../../src/i18n/i18n');
    await activateLocale('zh-CN');
    await expect(callApi(userLogout, {})).rejects.toMatchObject({ msg: '网络错误，请稍后再试。' });
  });
});
