/** The account area (issue 5): invitations, the third-party client function and its import link. */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { isoDate, planTerms } from './common';

export const invitation = z.object({
  /** When the friend signed up, or when their order paid the bonus. */
  date: isoDate,
  /** Masked: `ab***`, `j***@example.com`, `+86138****5678` or `#123***` for an app account. */
  invitee: z.string(),
  /** The plan of the order that earned a bonus; null for a sign-up with no purchase yet. */
  product: planTerms.nullable(),
  /** Membership time earned by this row; 0 when none (yet). */
  bonusSeconds: z.number().int(),
});

export const userInviteList = defineEndpoint({
  path: '/api/user/user_invite_list',
  auth: 'session',
  data: z.object({
    invitations: z.array(invitation),
    totalBonusSeconds: z.number().int(),
    /** Earning needs an active membership (SPEC §6). */
    canEarn: z.boolean(),
  }),
  summary: 'The friends the user invited, with the bonus time each purchase earned.',
});

export const thirdPartyClientState = z.object({
  enabled: z.boolean(),
  /** The last enabling; null when never enabled. */
  enabledAt: isoDate.nullable(),
  /** When enabling is allowed again (enabledAt + 7 days); null when it is allowed now. */
  nextEnableAt: isoDate.nullable(),
  /** 10 while enabled; null means unlimited. */
  speedLimitMbps: z.number().int().nullable(),
  /** The function needs an active membership. */
  membershipActive: z.boolean(),
  serverTime: isoDate,
});
export type ThirdPartyClientState = z.infer<typeof thirdPartyClientState>;

export const userThirdPartyClient = defineEndpoint({
  path: '/api/user/user_third_party_client',
  auth: 'session',
  data: thirdPartyClientState,
  summary: 'The third-party client function: on or off, cooldown, speed limit, server time.',
});

export const userThirdPartyClientToggle = defineEndpoint({
  path: '/api/user/user_third_party_client_toggle',
  auth: 'session',
  params: z.object({ enabled: z.boolean() }),
  data: thirdPartyClientState,
  summary:
    'Switch the function on (once per 7 days, 10 Mbps limit, active membership) or off (unlimited).',
});

export const userThirdPartyClientLink = defineEndpoint({
  path: '/api/user/user_third_party_client_link',
  auth: 'session',
  data: z.object({
    /** Absolute URL of `GET /sub/<token>`: single-use, replaces every earlier unused link. */
    url: z.string(),
    expiresAt: isoDate,
  }),
  summary: 'Issue a fresh single-use subscription link for a third-party client.',
});
