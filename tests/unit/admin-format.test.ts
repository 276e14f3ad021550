import { describe, expect, it } from 'vitest';
import { counted } from '../../server/admin/format';

describe('operator CLI counts', () => {
  it('says "1 order" and "3 orders", never "order(s)"', () => {
    expect(counted(1, 'order')).toBe('1 order');
    expect(counted(3, 'order')).toBe('3 orders');
    expect(counted(0, 'settlement')).toBe('0 settlements');
    expect(counted(1, 'day')).toBe('1 day');
    expect(counted(2, 'child', 'children')).toBe('2 children');
  });
});
