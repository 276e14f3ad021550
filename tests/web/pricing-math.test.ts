import { describe, expect, it } from 'vitest';
import type { Goods } from '../../contract/endpoints/payment';
import {
  monthlyBase,
  priceIn,
  readSearch,
  buyAgainHref,
  readCouponSearch,
  savingPercent,
} from '../../src/features/store/pricing-math';

const plan = (
  productId: number,
  groupType: 1 | 2,
  months: number,
  cny: number,
  usd?: number,
): Goods => ({
  productId,
  groupType,
  months,
  durationDays: months * 30,
  maxDevices: 5,
  recommended: months === 12,
  prices: [
    { amount: cny, currency: 'CNY' },
    ...(usd === undefined ? [] : [{ amount: usd, currency: 'USD' as const }]),
  ],
  groupPrices: [],
});

// The demo plans of server/store/seed-plans.ts.
const goods = [
  plan(101, 1, 1, 3000, 499),
  plan(102, 1, 3, 8400, 1399),
  plan(104, 1, 12, 28800, 4799),
  plan(201, 2, 1, 1800),
];

describe('pricing page arithmetic', () => {
  it('finds the price in a currency, or nothing when the plan is not sold in it', () => {
    expect(priceIn(goods[0]!, 'USD')).toEqual({ amount: 499, currency: 'USD' });
    expect(priceIn(goods[3]!, 'USD')).toBeUndefined();
  });

  it('measures savings against the shortest duration of the same group and currency', () => {
    expect(monthlyBase(goods, 1, 'CNY')).toBe(3000);
    expect(monthlyBase(goods, 2, 'USD')).toBeNull();
    // ¥288 for 12 months against ¥30 a month: 20 % saved; ¥84 for 3: 6.67 %, shown as 6.
    expect(savingPercent(goods[2]!, 'CNY', 3000)).toBe(20);
    expect(savingPercent(goods[1]!, 'CNY', 3000)).toBe(6);
    expect(savingPercent(goods[0]!, 'CNY', 3000)).toBe(0);
    expect(savingPercent(goods[3]!, 'USD', null)).toBe(0);
  });

  it('reads ?product and ?currency, ignoring anything else', () => {
    expect(readSearch({ product: 104, currency: 'USD' })).toEqual({
      product: 104,
      productGiven: true,
      currency: 'USD',
    });
    expect(readSearch({ product: '104', currency: 'EUR' })).toEqual({
      product: 104,
      productGiven: true,
      currency: null,
    });
    expect(readSearch({ product: 'x' })).toEqual({
      product: null,
      productGiven: true,
      currency: null,
    });
    expect(readSearch({})).toEqual({ product: null, productGiven: false, currency: null });
  });
});

describe('buying again keeps the promo code (issue 19)', () => {
  it('links to the order’s plan, currency and promo code', () => {
    const total = { amount: 25_920, currency: 'CNY' as const };
    expect(buyAgainHref({ productId: 104, total, couponCode: 'WELCOME10' })).toBe(
      '/pricing?product=104&currency=CNY&coupon=WELCOME10',
    );
    expect(buyAgainHref({ productId: 104, total, couponCode: null })).toBe(
      '/pricing?product=104&currency=CNY',
    );
    expect(buyAgainHref({ productId: 1, total, couponCode: 'A&B C' })).toBe(
      '/pricing?product=1&currency=CNY&coupon=A%26B+C',
    );
    expect(buyAgainHref(null)).toBe('/pricing');
  });

  it('reads ?coupon= as the router parses it, numbers included; nothing usable is none', () => {
    expect(readCouponSearch({ coupon: ' WELCOME10 ' })).toBe('WELCOME10');
    expect(readCouponSearch({ coupon: 2026 })).toBe('2026');
    expect(readCouponSearch({ coupon: '' })).toBeNull();
    expect(readCouponSearch({ coupon: 'x'.repeat(65) })).toBeNull();
    expect(readCouponSearch({ coupon: { a: 1 } })).toBeNull();
    expect(readCouponSearch({})).toBeNull();
  });
});
