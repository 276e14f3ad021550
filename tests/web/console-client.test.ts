/**
 * The operator console's API client (src/console/api/console-client.ts): cookie-session calls under
 * /api/admin, GET with the query string, POST with JSON and the CSRF header, answers parsed with the
 * contract's schemas and refusals kept as the contract's codes.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONSOLE_CSRF_HEADER,
  consoleAuditList,
  consoleStaffRole,
} from '../../contract/endpoints/console';
import { Errors } from '../../contract/errors';
import {
  consoleCall,
  onConsoleSignedOut,
  queryOf,
  setCsrfToken,
} from '../../src/console/api/console-client';
import { ApiError } from '../../src/lib/api-error';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}
const seen: Seen[] = [];
let reply: () => Response = () => HttpResponse.json({ code: 200, msg: 'ok', data: {} });

const server = setupServer(
  http.all('*/api/admin/*', async ({ request }) => {
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: request.method === 'POST' ? await request.json() : null,
    });
    return reply();
  }),
);

const member = {
  id: 3,
  username: 'sam',
  role: 'finance',
  disabled: false,
  enrolled: true,
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
  setCsrfToken(null);
  onConsoleSignedOut(() => undefined);
});
afterAll(() => server.close());

describe('console API client', () => {
  it('GET sends the input as the query string, leaving out empty values', async () => {
    reply = () =>
      HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { items: [], page: 2, pageSize: 25, total: 0 },
      });
    const data = await consoleCall(consoleAuditList, {
      actor: 'cli',
      page: 2,
      pageSize: 25,
    });
    expect(data).toEqual({ items: [], page: 2, pageSize: 25, total: 0 });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url.pathname).toBe('/api/admin/audit');
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({
      actor: 'cli',
      page: '2',
      pageSize: '25',
    });
    expect(queryOf({ a: '', b: undefined, c: null, d: 0 })).toBe('?d=0');
  });

  it('POST sends JSON with the session CSRF token, and no token before there is a session', async () => {
    reply = () => HttpResponse.json({ code: 200, msg: 'ok', data: member });
    await consoleCall(consoleStaffRole, { username: 'sam', role: 'finance' });
    expect(seen[0]!.headers.get(CONSOLE_CSRF_HEADER)).toBeNull();
    setCsrfToken('csrf-1');
    expect(await consoleCall(consoleStaffRole, { username: 'sam', role: 'finance' })).toEqual(
      member,
    );
    expect(seen[1]!.method).toBe('POST');
    expect(seen[1]!.headers.get(CONSOLE_CSRF_HEADER)).toBe('csrf-1');
    expect(seen[1]!.headers.get('content-type')).toContain('application/json');
    expect(seen[1]!.body).toEqual({ username: 'sam', role: 'finance' });
  });

  it('a refusal is an ApiError with the contract code, its data and HTTP status kept apart', async () => {
    reply = () =>
      HttpResponse.json(
        {
          code: Errors.STEP_UP_REQUIRED.code,
          msg: 'fresh code please',
          data: { stepUpMinutes: 5 },
        },
        { status: 403 },
      );
    const refusal = await consoleCall(consoleStaffRole, { username: 'sam', role: 'owner' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      code: Errors.STEP_UP_REQUIRED.code,
      msg: 'fresh code please',
      data: { stepUpMinutes: 5 },
    });
  });

  it('signed out: forgets the CSRF token and tells the handler', async () => {
    const handler = vi.fn();
    onConsoleSignedOut(handler);
    setCsrfToken('csrf-2');
    reply = () =>
      HttpResponse.json(
        { code: Errors.CONSOLE_SIGNED_OUT.code, msg: '', data: null },
        { status: 401 },
      );
    await expect(
      consoleCall(consoleStaffRole, { username: 'sam', role: 'owner' }),
    ).rejects.toMatchObject({
      code: Errors.CONSOLE_SIGNED_OUT.code,
    });
    expect(handler).toHaveBeenCalledTimes(1);
    reply = () => HttpResponse.json({ code: 200, msg: 'ok', data: member });
    await consoleCall(consoleStaffRole, { username: 'sam', role: 'owner' });
    expect(seen[1]!.headers.get(CONSOLE_CSRF_HEADER)).toBeNull();
  });

  it('an answer that breaks the contract is INTERNAL, not data; a page without an envelope is too', async () => {
    reply = () => HttpResponse.json({ code: 200, msg: 'ok', data: { ...member, role: 'janitor' } });
    await expect(
      consoleCall(consoleStaffRole, { username: 'sam', role: 'owner' }),
    ).rejects.toMatchObject({
      code: Errors.INTERNAL.code,
    });
    reply = () => new HttpResponse('<html>bad gateway</html>', { status: 502 });
    await expect(
      consoleCall(consoleStaffRole, { username: 'sam', role: 'owner' }),
    ).rejects.toMatchObject({
      code: Errors.INTERNAL.code,
    });
  });

  it('a network failure is NETWORK_ERROR', async () => {
    reply = () => HttpResponse.error();
    await expect(
      consoleCall(consoleStaffRole, { username: 'sam', role: 'owner' }),
    ).rejects.toMatchObject({
      code: Errors.NETWORK_ERROR.code,
    });
  });
});
