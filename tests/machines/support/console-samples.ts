/** Answers of the console's endpoints, for the staff machines' tests and UI models. */
import type { ConsoleSession } from '../../../contract/endpoints/console';
import type { RefundOutcome } from '../../../machines/order-refund/order-refund.types';

export const sampleConsoleSession: ConsoleSession = {
  staff: { id: 1, username: 'olivia', role: 'owner' },
  permissions: ['staff.manage', 'audit.read', 'dashboard.read'],
  csrfToken: 'csrf-token-0001',
  idleExpiresAt: '2026-11-26T06:15:00.000Z',
  absoluteExpiresAt: '2026-11-26T14:00:00.000Z',
  secondFactorAt: '2026-11-26T06:00:00.000Z',
  stepUpFreshUntil: '2026-11-26T06:05:00.000Z',
};

export const sampleEnrolmentInfo = {
  username: 'olivia',
  role: 'owner',
  expiresAt: '2026-11-27T06:00:00.000Z',
} as const;

export const sampleEnrolmentSecret = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl:
    'otpauth://totp/Kestrel%20VPN:olivia?issuer=Kestrel%20VPN&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
};

export const sampleRecoveryCodes = Array.from(
  { length: 10 },
  (_, i) => `abcd-efgh-ijkl-${String(i).padStart(4, '0')}`,
);

/** A refund's answer: the order refunded, the member's membership now ending on this date. */
export const sampleRefundOutcome: RefundOutcome = {
  refunded: true,
  userExpireTime: '2026-12-20T06:00:00.000Z',
};
