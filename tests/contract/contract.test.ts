import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoint,
  endpoints,
  Errors,
  errorMessage,
  firstErrorCode,
  LOGIN_TYPE_PATHS,
  REGISTER_TYPE_PATHS,
} from '../../contract';
import {
  emailField,
  INT4_MAX,
  INT4_MIN,
  isPhone,
  normalisePhone,
  passwordField,
  phoneField,
  storableOnly,
  usernameField,
} from '../../contract/validation';
import { registerTypeNormal, userSendCode } from '../../contract/endpoints/user';
import { renderApiDoc, renderErrorsDoc } from '../../scripts/generate-docs';

/** SPEC §7's table of calls, as the specification lists them. */
const SPEC_PATHS = [
  '/api/system/system_user_info',
  '/api/system/system_client_config',
  '/api/system/system_display_config',
  '/api/system/system_redeem_code',
  '/api/system/system_affiliate',
  '/api/system/system_benefits',
  '/api/system/system_user_benefits',
  '/api/user/user_get_device_list',
  '/api/user/user_unbind_device',
  '/api/payment/payment_shop',
  '/api/payment/payment_purchase',
  '/api/payment/payment_coupon',
  '/api/payment/payment_order',
  '/api/payment/payment_joint_purchase',
  '/api/payment/payment_joint_join_for_pay',
  '/api/payment/payment_joint_join',
  '/api/payment/payment_joint_purchase_created',
  '/api/payment/payment_joint_purchase_participated',
  '/api/payment/payment_joint_order',
];

describe('endpoint catalogue', () => {
  const paths = Object.values(endpoints).map((e) => e.path);

  it('names every path in the DESIGN §2 style, once', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths)
      expect(path).toMatch(/^\/api\/([a-z]+)\/(\1_[a-z_]+|register_type_[a-z]+)$/);
  });

  it('lists every path of SPEC §7', () => {
    for (const path of SPEC_PATHS) expect(paths).toContain(path);
  });

  it('knows the register-type and login-type paths', () => {
    for (const path of [...REGISTER_TYPE_PATHS, ...LOGIN_TYPE_PATHS]) expect(paths).toContain(path);
  });
});

describe('error catalogue', () => {
  const entries = Object.values(Errors);

  it('gives every error a unique code and both languages', () => {
    const codes = entries.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of entries) {
      expect(e.en.trim()).not.toBe('');
      expect(e.zh_CN).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('holds every message SPEC §5 and §8 quote', () => {
    const quoted = [
      'Password must be at least 8 characters',
      'Invalid phone number',
      'Invalid email address',
      'Please check your input',
      'Please agree to the User Agreement and Privacy Policy',
      'Invalid product ID.',
      'Network error. Please try again later.',
      "If your payment went through but wasn't detected, please contact support.",
    ];
    for (const text of quoted) expect(entries.map((e) => e.en)).toContain(text);
  });

  it('counts in the language’s plural forms, never "device(s)"', () => {
    const limit = (n: number, language: 'en' | 'zh_CN') =>
      errorMessage(Errors.DEVICE_LIMIT_REACHED.code, language, { limit: n });
    expect(limit(1, 'en')).toMatch(/^Your plan allows 1 device at once /);
    expect(limit(3, 'en')).toMatch(/^Your plan allows 3 devices at once /);
    expect(limit(1, 'zh_CN')).toMatch(/^您的套餐最多同时使用 1 台设备/);
    // Without the count the text keeps its placeholder rather than guessing.
    expect(errorMessage(Errors.DEVICE_LIMIT_REACHED.code, 'en')).toContain('{limit, plural,');
    for (const e of entries) {
      expect(e.en, e.en).not.toMatch(/\(s\)/);
      // Every plural form has an "other" branch to fall back on.
      for (const plural of e.en.matchAll(/\{\w+, plural,([^}]|\}(?!\}))*\}\}/g))
        expect(plural[0]).toContain('other {');
    }
  });

  it('falls back to the generic error for an unknown code', () => {
    expect(errorMessage(999_999, 'en')).toBe(Errors.INTERNAL.en);
    expect(errorMessage(Errors.INVALID_EMAIL.code, 'zh_CN')).toBe(Errors.INVALID_EMAIL.zh_CN);
  });
});

describe('field rules speak in error codes', () => {
  const codeOf = (
    schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
    value: unknown,
  ) => {
    const result = schema.safeParse(value);
    if (result.success) return 'ok';
    return firstErrorCode(result.error as Parameters<typeof firstErrorCode>[0]);
  };

  it('checks e-mail addresses as SPEC §5 says', () => {
    expect(codeOf(emailField, '')).toBe(Errors.REQUIRED_EMAIL.code);
    expect(codeOf(emailField, 'a@b.c')).toBe(Errors.INVALID_EMAIL.code);
    expect(codeOf(emailField, 'no-at.example.com')).toBe(Errors.INVALID_EMAIL.code);
    expect(codeOf(emailField, 'user@example.com')).toBe('ok');
  });

  it('checks passwords, phones and usernames', () => {
    expect(codeOf(passwordField, '')).toBe(Errors.REQUIRED_PASSWORD.code);
    expect(codeOf(passwordField, '1234567')).toBe(Errors.PASSWORD_TOO_SHORT.code);
    expect(codeOf(passwordField, '12345678')).toBe('ok');
    expect(codeOf(passwordField, 'x'.repeat(129))).toBe(Errors.PASSWORD_TOO_LONG.code);
    expect(codeOf(phoneField, '12345')).toBe(Errors.INVALID_PHONE.code);
    expect(codeOf(phoneField, '13800138000')).toBe('ok');
    expect(codeOf(phoneField, '+447700900123')).toBe('ok');
    expect(codeOf(usernameField, '1abc')).toBe(Errors.INVALID_USERNAME.code);
    expect(codeOf(usernameField, 'alice_01')).toBe('ok');
  });

  it('takes a phone number typed with spaces, hyphens or brackets, as one E.164 number', () => {
    for (const typed of [
      '13912345678',
      '139 1234 5678',
      '139-1234-5678',
      '+86 139 1234 5678',
      ' +86 (139) 1234-5678 ',
      '+86\u3000139\u30001234\u30005678',
    ]) {
      expect(codeOf(phoneField, typed), typed).toBe('ok');
      expect(isPhone(typed), typed).toBe(true);
      expect(normalisePhone(typed), typed).toBe('+8613912345678');
    }
    expect(normalisePhone('+44 7700 900123')).toBe('+447700900123');
    for (const wrong of ['139 1234 567', '139 1234 5678 9', '139 1234 abcd', '++8613912345678'])
      expect(codeOf(phoneField, wrong), wrong).toBe(Errors.INVALID_PHONE.code);
  });

  it('binds a code request to a channel and a purpose', () => {
    expect(
      userSendCode.params.safeParse({
        channel: 'email',
        target: 'a@example.com',
        purpose: 'register',
      }).success,
    ).toBe(true);
    expect(
      userSendCode.params.safeParse({
        channel: 'phone',
        target: 'a@example.com',
        purpose: 'register',
      }).success,
    ).toBe(false);
    expect(
      userSendCode.params.safeParse({ channel: 'email', target: 'a@example.com', purpose: 'other' })
        .success,
    ).toBe(false);
    expect(
      registerTypeNormal.params.safeParse({
        channel: 'email',
        target: 'a@example.com',
        code: '12345',
        password: 'password1',
      }).success,
    ).toBe(false);
  });
});

describe('generated docs', () => {
  it('are up to date with the contract', () => {
    expect(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')).toBe(
      renderApiDoc(),
    );
    expect(readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')).toBe(
      renderErrorsDoc(),
    );
  });
});

describe('params the database cannot store', () => {
  const schema = storableOnly(
    z.object({ name: z.string(), ids: z.array(z.number()), inner: z.object({ n: z.number() }) }),
  );
  const valid = { name: 'a', ids: [1, INT4_MAX], inner: { n: INT4_MIN } };

  it('refuses U+0000 and numbers beyond int4 at any depth, with their codes and paths', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    const cases: [unknown, number, (string | number)[]][] = [
      [{ ...valid, name: 'a\u0000' }, Errors.INPUT_INVALID_CHARACTER.code, ['name']],
      [{ ...valid, ids: [1, INT4_MAX + 1] }, Errors.NUMBER_OUT_OF_RANGE.code, ['ids', 1]],
      [{ ...valid, inner: { n: INT4_MIN - 1 } }, Errors.NUMBER_OUT_OF_RANGE.code, ['inner', 'n']],
    ];
    for (const [input, code, path] of cases) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      expect(firstErrorCode(result.error!)).toBe(code);
      expect(result.error!.issues[0]!.path).toEqual(path);
    }
  });

  it('is applied by defineEndpoint to every endpoint of the catalogue', () => {
    const probe = defineEndpoint({
      path: '/api/system/system_probe',
      auth: 'public',
      params: z.object({ any: z.unknown() }),
      data: z.object({}),
      summary: '',
    });
    expect(firstErrorCode(probe.params.safeParse({ any: ['\u0000'] }).error!)).toBe(
      Errors.INPUT_INVALID_CHARACTER.code,
    );
    expect(firstErrorCode(probe.params.safeParse({ any: 2 ** 31 }).error!)).toBe(
      Errors.NUMBER_OUT_OF_RANGE.code,
    );
  });
});
