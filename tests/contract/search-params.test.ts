import { describe, expect, it } from 'vitest';
import {
  consoleGroupsSearch,
  consoleOrdersSearch,
  consoleUsersSearch,
  groupBuyingSearch,
  guestSearch,
  kolSearch,
  loadingSearch,
  pricingSearch,
  purchasedSearch,
} from '../../contract/search-params';

describe('route search validation', () => {
  it('keeps the strings it knows and drops the rest (a wrong type is no error screen)', () => {
    expect(guestSearch.parse({ redirect: '/group-buying?group=abc', other: 'x' })).toEqual({
      redirect: '/group-buying?group=abc',
    });
    expect(guestSearch.parse({ redirect: 42 })).toEqual({});
    expect(groupBuyingSearch.parse({ group: 'T', invite: 'I', orderId: 'K1', utm: 'u' })).toEqual({
      group: 'T',
      invite: 'I',
      orderId: 'K1',
    });
    expect(groupBuyingSearch.parse({ group: 12345, orderId: '' })).toEqual({});
  });

  it("gives each route its own parameters: a group token is no other route's", () => {
    expect(
      pricingSearch.parse({ product: 104, currency: 'USD', coupon: 2026, group: 'T' }),
    ).toEqual({
      product: 104,
      currency: 'USD',
      coupon: 2026,
    });
    expect(pricingSearch.parse({ product: 'x', currency: 'EUR', coupon: { a: 1 } })).toEqual({
      product: 'x',
    });
    expect(purchasedSearch.parse({ orderId: 'K1', invite: 'I' })).toEqual({ orderId: 'K1' });
    expect(purchasedSearch.parse({ orderId: 42 })).toEqual({});
    expect(loadingSearch.parse({ redirect: '/user/profile', token: 't' })).toEqual({
      redirect: '/user/profile',
    });
    expect(kolSearch.parse({ tab: 'settlement' })).toEqual({ tab: 'settlement' });
    expect(kolSearch.parse({ tab: 'ledger' })).toEqual({});
  });

  it("keeps the console's open record: an order, a group, a member", () => {
    expect(consoleOrdersSearch.parse({ order: 2026112512345, member: 7 })).toEqual({
      order: 2026112512345,
    });
    expect(consoleGroupsSearch.parse({ group: 'G8VUX6UMKC2', order: 1 })).toEqual({
      group: 'G8VUX6UMKC2',
    });
    expect(consoleGroupsSearch.parse({ group: { id: 1 } })).toEqual({});
    expect(consoleUsersSearch.parse({ member: 42, group: 'G1' })).toEqual({ member: 42 });
    expect(consoleUsersSearch.parse({ member: 'bob' })).toEqual({});
    expect(consoleUsersSearch.parse({ member: 4.5 })).toEqual({});
  });
});
