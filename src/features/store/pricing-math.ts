/** The arithmetic of the pricing page, pure so that it is tested without a browser. */
import type { Goods } from '../../../contract/endpoints/payment';
import type { Currency, Money } from '../../../machines/checkout/checkout.types';

type GroupType = Goods['groupType'];

export const priceIn = (goods: Goods, currency: Currency): Money | undefined =>
  goods.prices.find((price) => price.currency === currency);

/** The shortest duration of a group is what "per month" savings are measured against. */
export function monthlyBase(all: readonly Goods[], groupType: GroupType, currency: Currency) {
  const base = all
    .filter((g) => g.groupType === groupType && priceIn(g, currency))
    .sort((a, b) => a.months - b.months)[0];
  const price = base && priceIn(base, currency);
  return base && price ? price.amount / base.months : null;
}

export function savingPercent(goods: Goods, currency: Currency, monthly: number | null): number {
  const price = priceIn(goods, currency);
  if (!price || monthly === null || goods.months <= 1) return 0;
  // (full - price) / full rather than 1 - price / full: ¥288 against 12 × ¥30 is 20 %, where the
  // latter's float arithmetic gives 19.999… and floors to 19.
  const full = monthly * goods.months;
  return Math.max(0, Math.floor(((full - price.amount) * 100) / full + 1e-9));
}

/**
 * `?product=&currency=` of a link to /pricing. `productGiven` says the link named a product at all,
 * so that one the shop does not sell (or no number) is reported instead of silently replaced.
 */
export function readSearch(search: Record<string, unknown>) {
  const product = Number(search.product);
  const currency: Currency | null =
    search.currency === 'USD' ? 'USD' : search.currency === 'CNY' ? 'CNY' : null;
  const productGiven = search.product !== undefined && search.product !== '';
  return {
    product: Number.isInteger(product) && productGiven ? product : null,
    productGiven,
    currency,
  };
}

/**
 * `?coupon=` of a link to /pricing: the promo code to apply on arrival, as "Try again" after a
 * failed payment carries the one the order had. The router parses a numeric-looking value as a
 * number, so both are read; anything else is none.
 */
export function readCouponSearch(search: Record<string, unknown>): string | null {
  const value = search.coupon;
  const code = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const trimmed = code.trim();
  return trimmed && trimmed.length <= 64 ? trimmed : null;
}

/** /pricing with an order's plan, currency and promo code chosen: buying it again. */
export function buyAgainHref(
  order: { productId: number; total: Money; couponCode: string | null } | null,
): string {
  if (!order) return '/pricing';
  const search = new URLSearchParams({
    product: String(order.productId),
    currency: order.total.currency,
  });
  if (order.couponCode) search.set('coupon', order.couponCode);
  return `/pricing?${search.toString()}`;
}
