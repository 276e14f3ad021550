import type { ThirdPartyClientSnapshot } from '../../../machines/third-party-client/third-party-client.types';

/** The server's clock in every sample below. */
export const SERVER_NOW = '2026-11-22T06:00:00.000Z';

/**
 * The third-party client as `user_third_party_client_state` returns it: switched off, never used,
 * with a membership; override what a test is about.
 */
export function sampleClientState(
  overrides: Partial<ThirdPartyClientSnapshot> = {},
): ThirdPartyClientSnapshot {
  return {
    enabled: false,
    enabledAt: null,
    nextEnableAt: null,
    speedLimitMbps: null,
    membershipActive: true,
    serverTime: SERVER_NOW,
    ...overrides,
  };
}
