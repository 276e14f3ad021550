/** The subscription format a client gets, and the traffic period (contract/account-area, nodes). */
import { describe, expect, it } from 'vitest';
import { subscriptionFormat } from '../../contract/account-area';
import { trafficPeriodEnd, trafficPeriodStart } from '../../contract/nodes';

describe('subscriptionFormat', () => {
  it('takes ?format= first, in any case, with the usual aliases (sing-box with the dash)', () => {
    expect(subscriptionFormat('mihomo', 'sing-box')).toBe('singbox');
    expect(subscriptionFormat('', 'singbox')).toBe('singbox');
    expect(subscriptionFormat('', 'SING-BOX')).toBe('singbox');
    expect(subscriptionFormat('', 'shadowrocket')).toBe('shadowrocket');
    expect(subscriptionFormat('', 'v2rayn')).toBe('v2rayn');
    expect(subscriptionFormat('', 'v2rayNG')).toBe('v2rayn');
    expect(subscriptionFormat('', 'meta')).toBe('clash');
    expect(subscriptionFormat('Shadowrocket/1993', 'base64')).toBe('base64');
  });

  it('otherwise reads the User-Agent of the common clients', () => {
    expect(subscriptionFormat('Shadowrocket/1993 CFNetwork/1410 Darwin/22.6.0')).toBe(
      'shadowrocket',
    );
    expect(subscriptionFormat('ClashMetaForAndroid/2.10.1.Meta')).toBe('clash');
    expect(subscriptionFormat('clash-verge/v1.7.7')).toBe('clash');
    expect(subscriptionFormat('Stash/2.4.7 Clash/1.9.0')).toBe('clash');
    expect(subscriptionFormat('SFA/1.9.3 (sing-box 1.9.3)')).toBe('singbox');
    expect(subscriptionFormat('sing-box 1.10.0')).toBe('singbox');
    expect(subscriptionFormat('v2rayN/6.42')).toBe('v2rayn');
    expect(subscriptionFormat('v2rayNG/1.8.19')).toBe('v2rayn');
    expect(subscriptionFormat('Mozilla/5.0')).toBe('base64');
  });

  it('an unknown or hostile ?format= falls back to the User-Agent', () => {
    for (const asked of ['constructor', '__proto__', 'toString', 'yaml', ''])
      expect(subscriptionFormat('mihomo', asked)).toBe('clash');
  });
});

describe('traffic period', () => {
  it('is the calendar month in UTC', () => {
    const now = new Date('2026-02-28T23:59:59.999Z');
    expect(trafficPeriodStart(now).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(trafficPeriodEnd(now).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    const december = new Date('2026-12-15T08:00:00Z');
    expect(trafficPeriodEnd(december).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // 1 March 00:30 in Shanghai is still February in UTC.
    expect(trafficPeriodStart(new Date('2026-02-28T16:30:00Z')).toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
  });
});
