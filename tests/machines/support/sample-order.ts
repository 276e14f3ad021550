import type { Order } from '../../../contract/endpoints/payment';

/** An order as `payment_order` describes it, in the status a test needs. */
export function sampleOrder(status: Order['status'], overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'K202611220000000001',
    createdAt: '2026-11-22T05:00:00.000Z',
    productId: 11,
    groupType: 1,
    months: 12,
    product: 'Standard, 12 months',
    method: 'alipay',
    subtotal: { amount: 29_900, currency: 'CNY' },
    discount: { amount: 0, currency: 'CNY' },
    total: { amount: 29_900, currency: 'CNY' },
    couponCode: null,
    status,
    expiresAt: '2026-11-22T05:30:00.000Z',
    paidAt: status === 'paid' ? '2026-11-22T05:01:00.000Z' : null,
    payUrl: status === 'pending' ? 'http://127.0.0.1/pay/sandbox/K202611220000000001' : null,
    groupOrder: false,
    ...overrides,
  };
}
