import { describe, expect, it } from 'vitest';
import { groupBuyingSearch, guestSearch } from '../../src/lib/search-schemas';

describe('route search validation', () => {
  it('keeps the strings it knows and drops the rest (a wrong type is no error screen)', () => {
    expect(guestSearch({ redirect: '/group-buying?group=abc', other: 'x' })).toEqual({
      redirect: '/group-buying?group=abc',
    });
    expect(guestSearch({ redirect: 42 })).toEqual({});
    expect(groupBuyingSearch({ group: 'T', invite: 'I', orderId: 'K1', utm: 'u' })).toEqual({
      group: 'T',
      invite: 'I',
      orderId: 'K1',
    });
    expect(groupBuyingSearch({ group: 12345, orderId: '' })).toEqual({});
  });
});
