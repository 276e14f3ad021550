import { YesNo, type UserInfo } from '../../../contract';

/** A user as `system_user_info` returns one; override what a test is about. */
export function sampleUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 100_001,
    username: 'kestrel_fan',
    email: 'k***@example.com',
    phone: null,
    expireTime: '2026-12-01T00:00:00.000Z',
    planType: 1,
    yearlyPaidUser: YesNo.NO,
    benefitsExpireTime: null,
    isKol: YesNo.NO,
    inviteCode: 'KESTREL1',
    hasPassword: true,
    trialAvailable: false,
    deviceLimit: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    serverTime: '2026-11-22T03:00:00.000Z',
    ...overrides,
  };
}
