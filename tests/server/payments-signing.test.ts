/** The signature helpers every gateway relies on: canonical strings, money strings, constant-time compare. */
import { describe, expect, it } from 'vitest';
import { canonicalString, parseMajorString, toMajorString } from '../../server/gateways/signing';
import { safeEqual } from '../../server/identity/safe-equal';
import { pageLanguage } from '../../server/gateways/sandbox-page';

describe('payment signing helpers', () => {
  it('canonical string: sorted keys, empty values and sign/sign_type left out', () => {
    expect(canonicalString({ b: '2', a: '1', sign: 'x', sign_type: 'MD5', c: '', Z: '0' })).toBe(
      'Z=0&a=1&b=2',
    );
  });

  it('money strings: minor units <-> two decimals, nothing else accepted', () => {
    expect(toMajorString(3000)).toBe('30.00');
    expect(toMajorString(5)).toBe('0.05');
    expect(toMajorString(123456)).toBe('1234.56');
    expect(() => toMajorString(1.5)).toThrow();
    expect(() => toMajorString(-1)).toThrow();
    expect(parseMajorString('30.00')).toBe(3000);
    expect(parseMajorString('30.5')).toBe(3050);
    expect(parseMajorString('30')).toBe(3000);
    expect(parseMajorString('0.01')).toBe(1);
    for (const bad of ['', '-1.00', '1.001', '1e3', '1,00', ' ', '0x10', undefined]) {
      expect(parseMajorString(bad)).toBeUndefined();
    }
  });

  it('safeEqual: equal strings only, different lengths are simply unequal', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });

  it('sandbox page language: ?lang, then the order language, then English in Accept-Language, else Chinese', () => {
    expect(pageLanguage('zh', 'en', 'en-US')).toBe('zh_CN');
    expect(pageLanguage('en', 'zh_CN', undefined)).toBe('en');
    expect(pageLanguage(undefined, 'zh_CN', 'en-US')).toBe('zh_CN');
    expect(pageLanguage(undefined, undefined, 'fr-FR,en;q=0.5')).toBe('en');
    expect(pageLanguage(undefined, undefined, 'zh-CN,zh;q=0.9')).toBe('zh_CN');
    expect(pageLanguage(undefined, undefined, 'fr-FR')).toBe('zh_CN');
    expect(pageLanguage(undefined, undefined, undefined)).toBe('zh_CN');
  });
});
