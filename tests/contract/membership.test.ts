import { describe, expect, it } from 'vitest';
import { ShopGroupType } from '../../contract';
import { applyGrant, convertSeconds, isActive, SECONDS_PER_DAY } from '../../contract/membership';

const now = new Date('2026-11-22T00:00:00.000Z');
const days = (n: number) => n * SECONDS_PER_DAY;
const at = (offsetDays: number) => new Date(now.getTime() + days(offsetDays) * 1000);
const { STANDARD, LITE } = ShopGroupType;

describe('applyGrant', () => {
  it('starts from now when nothing is active (never a member, or expired)', () => {
    for (const current of [
      { planType: null, expireTime: null },
      { planType: STANDARD, expireTime: at(-3) },
    ]) {
      const out = applyGrant(current, { planType: LITE, seconds: days(30) }, now, 50);
      expect(out).toMatchObject({ planType: LITE, kind: 'start', addedSeconds: days(30) });
      expect(out.expireTime).toEqual(at(30));
    }
  });

  it('extends the same plan type from its current expiry, not from now', () => {
    const out = applyGrant(
      { planType: STANDARD, expireTime: at(10) },
      { planType: STANDARD, seconds: days(30) },
      now,
      50,
    );
    expect(out).toMatchObject({ planType: STANDARD, kind: 'extend', addedSeconds: days(30) });
    expect(out.expireTime).toEqual(at(40));
  });

  it('upgrades Lite to Standard at once and converts the remaining Lite time at the percentage', () => {
    const out = applyGrant(
      { planType: LITE, expireTime: at(20) },
      { planType: STANDARD, seconds: days(30) },
      now,
      50,
    );
    expect(out).toMatchObject({
      planType: STANDARD,
      kind: 'upgrade',
      convertedFromSeconds: days(20),
      convertedToSeconds: days(10),
      addedSeconds: days(30) + days(10) - days(20),
    });
    expect(out.expireTime).toEqual(at(40));
  });

  it('keeps Standard when Lite is bought and adds the Lite time converted', () => {
    const out = applyGrant(
      { planType: STANDARD, expireTime: at(5) },
      { planType: LITE, seconds: days(30) },
      now,
      50,
    );
    expect(out).toMatchObject({ planType: STANDARD, kind: 'convert-into-standard' });
    expect(out.expireTime).toEqual(at(20));
  });

  it('never credits a fraction of a second and bounds the percentage', () => {
    expect(convertSeconds(7, 50)).toBe(3);
    expect(convertSeconds(100, 150)).toBe(100);
    expect(convertSeconds(100, -5)).toBe(0);
  });

  it('counts a membership as active only before its expiry', () => {
    expect(isActive({ planType: STANDARD, expireTime: now }, now)).toBe(false);
    expect(isActive({ planType: STANDARD, expireTime: at(1) }, now)).toBe(true);
    expect(isActive({ planType: null, expireTime: at(1) }, now)).toBe(false);
  });
});
