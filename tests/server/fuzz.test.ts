/**
 * Every endpoint of the contract's catalogue, fuzzed through the real HTTP server on PostgreSQL
 * (issue 11, item 5): for each params field, hostile values (U+0000, numbers beyond int4, wrong
 * types, huge strings, ...) replace a valid value while the other fields stay valid, so each value
 * gets as far into the handler as the schema lets it. No answer may be a 5xx. New endpoints are
 * fuzzed without anyone adding them here: the baselines are derived from each params schema.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, Errors, isKnownErrorCode, type Endpoint } from '../../contract';
import { createSession } from '../../server/identity/sessions';
import { registerByUsername } from './helpers/accounts';
import { createApiClient, type ApiClient } from './helpers/api-client';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** Valid strings for the patterns the contract uses; a new pattern none fits fails loudly below. */
const STRING_CANDIDATES = [
  'fuzz_user_1',
  'fuzz.1@mail.example',
  '13800138000',
  '123456',
  'ABCD1234',
  'marketing',
  'fuzz-idempotency-key-1',
  // An EVM address and a transaction hash (crypto payment).
  `0x${'ab'.repeat(20)}`,
  `0x${'cd'.repeat(32)}`,
  // A group's invite token (32 base64url characters).
  'FuzzInviteToken_0123456789abcdef',
];

function stringFor(schema: JsonSchema): string | undefined {
  const fits = (s: string) =>
    (schema.pattern === undefined || new RegExp(schema.pattern).test(s)) &&
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Infinity);
  return (
    STRING_CANDIDATES.find(fits) ??
    (schema.pattern ? undefined : 'x'.repeat(Math.max(1, schema.minLength ?? 1)))
  );
}

function valueFor(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.oneOf ?? schema.anyOf;
  if (options) return valueFor(options[0]!);
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'string':
      return stringFor(schema);
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, valueFor(v)]),
      );
    case 'array':
      return [];
    default:
      return undefined;
  }
}

/** One valid params object per branch of the schema (a union fuzzes each of its shapes). */
function baselinesOf(endpoint: Endpoint): Record<string, unknown>[] {
  const json = z.toJSONSchema(endpoint.params, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  const branches = json.oneOf ?? json.anyOf ?? [json];
  return branches.map((branch) => valueFor(branch) as Record<string, unknown>);
}

const NUL_VALUES = ['\u0000', 'fuzz\u0000value', ['\u0000']];
const OUT_OF_INT4 = [2_147_483_648, -2_147_483_649, 1e20, 2 ** 53 + 2];
const OTHER_HOSTILE = [
  1.5,
  -1,
  0,
  '',
  'x'.repeat(5000),
  '\ud800',
  "' OR 1=1 --",
  '１２３４５６',
  {},
  [],
  null,
  true,
  { nested: '\u0000' },
];

const variants = (await databaseVariants()).filter((v) => v.name === 'postgres');
const implemented = (Object.entries(endpoints) as [string, Endpoint][]).filter(
  ([, e]) => e.plannedIn === undefined,
);

describe.each(variants)('fuzzing every endpoint over HTTP on $name', (variant) => {
  let t: TestApp;
  let http: ApiClient;
  beforeAll(async () => {
    t = await startTestApp(variant);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    http = createApiClient(`http://127.0.0.1:${port}`);
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('derives a valid baseline for every endpoint of the catalogue', () => {
    for (const [name, endpoint] of implemented)
      for (const baseline of baselinesOf(endpoint)) {
        const parsed = endpoint.params.safeParse(baseline);
        expect(
          parsed.success,
          `${name}: no valid baseline from its schema; add a fitting string to STRING_CANDIDATES (${JSON.stringify(parsed.error?.issues)})`,
        ).toBe(true);
      }
  });

  it.each(implemented)(
    '%s answers no 5xx to hostile params, and refuses U+0000 and numbers beyond int4',
    async (name, endpoint) => {
      const user = await registerByUsername(t.api);
      const token = () =>
        createSession(t.app.kestrel.database.db, user.userId, {
          platform: 'windows',
          deviceId: null,
          ip: '127.0.0.1',
        });
      const failures: string[] = [];
      const send = async (
        params: Record<string, unknown>,
        mustRefuse: boolean,
        headers: { deviceId?: string; headers?: Record<string, string> } = {},
      ) => {
        const result = await http.call(endpoint.path, params, {
          token: endpoint.auth === 'public' ? undefined : await token(),
          ...headers,
        });
        const { code } = result.body;
        const what = `${name} ${JSON.stringify(params).slice(0, 120)} -> HTTP ${result.httpStatus} code ${code}`;
        if (result.httpStatus >= 500 || code === Errors.INTERNAL.code) failures.push(what);
        else if (code !== 200 && !isKnownErrorCode(code)) failures.push(`${what} (unknown code)`);
        else if (mustRefuse && code === 200) failures.push(`${what} (accepted)`);
      };
      for (const baseline of baselinesOf(endpoint)) {
        await send(baseline, false);
        for (const field of Object.keys(baseline)) {
          for (const value of NUL_VALUES) await send({ ...baseline, [field]: value }, true);
          for (const value of OUT_OF_INT4) await send({ ...baseline, [field]: value }, true);
          for (const value of OTHER_HOSTILE) await send({ ...baseline, [field]: value }, false);
        }
        // Unknown keys are dropped, hostile or not.
        await send({ ...baseline, extra: '\u0000', other: 2_147_483_648 }, false);
        // Headers that reach the database: the device id and the apps' device details.
        for (const deviceId of ['d'.repeat(4000), "' OR 1=1 --", '%00'])
          await send(baseline, false, { deviceId });
        await send(baseline, false, {
          headers: {
            model: 'm'.repeat(4000),
            osversion: 'o'.repeat(4000),
            'user-agent': 'u'.repeat(8000),
          },
        });
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('answers the audit reproductions with their translated codes', async () => {
    const { token } = await registerByUsername(t.api);
    const login = await http.call('/api/user/user_login', { account: 'demo\u0000', password: 'x' });
    expect(login.body.code).toBe(Errors.INPUT_INVALID_CHARACTER.code);
    const zh = await http.call(
      '/api/payment/payment_purchase',
      {
        productId: 2_147_483_648,
        method: 'alipay',
        currency: 'CNY',
        idempotencyKey: 'key-12345678',
      },
      { token, language: 'zh_CN' },
    );
    expect(zh.body).toMatchObject({
      code: Errors.NUMBER_OUT_OF_RANGE.code,
      msg: Errors.NUMBER_OUT_OF_RANGE.zh_CN,
      status: 'NUMBER_OUT_OF_RANGE',
    });
    for (const [path, params] of [
      ['/api/payment/payment_order_cancel', { orderId: 'K\u0000' }],
      ['/api/payment/payment_order', { orderId: '\u0000' }],
      [
        '/api/payment/payment_purchase',
        { productId: 101, method: 'alipay', currency: 'CNY', idempotencyKey: 'key-1234\u0000' },
      ],
      ['/api/system/system_redeem_code', { code: 'AB\u0000CD' }],
    ] as const) {
      const result = await http.call(path, params, { token });
      expect(result.body.code, path).toBe(Errors.INPUT_INVALID_CHARACTER.code);
    }
  });
});
