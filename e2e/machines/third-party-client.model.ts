/**
 * The third-party-client machine as the page can drive it. The real cooldown is 7 days, so the
 * paths come from the event sequences a person produces (switch on, switch off, watch the wait
 * tick, change their mind at the confirmation) rather than from a traversal that would wait the
 * cooldown out second by second.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { nextEnableAt, THIRD_PARTY_CLIENT } from '../../contract/account-area';
import { actorDone, delayElapsed } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import { thirdPartyClientMachine } from '../../machines/third-party-client/third-party-client.machine';
import type {
  ThirdPartyClientEvent,
  ThirdPartyClientSnapshot,
} from '../../machines/third-party-client/third-party-client.types';

type ThirdPartyClientPath = MachinePath<typeof thirdPartyClientMachine>;

const NOW = new Date('2026-11-22T06:00:00.000Z');
const state = (over: Partial<ThirdPartyClientSnapshot> = {}): ThirdPartyClientSnapshot => ({
  enabled: false,
  enabledAt: null,
  nextEnableAt: null,
  speedLimitMbps: null,
  membershipActive: true,
  serverTime: NOW.toISOString(),
  ...over,
});
const next = nextEnableAt(NOW).toISOString();
const on = state({
  enabled: true,
  enabledAt: NOW.toISOString(),
  nextEnableAt: next,
  speedLimitMbps: THIRD_PARTY_CLIENT.speedLimitMbps,
});
const off = state({ enabledAt: NOW.toISOString(), nextEnableAt: next });
const tick = delayElapsed<ThirdPartyClientEvent>('TICK', 'thirdPartyClient.disabled.coolingDown');

/** The first load says whether the test user needs a membership. */
export const NO_MEMBERSHIP = state({ membershipActive: false });

export function thirdPartyClientUiPaths(): ThirdPartyClientPath[] {
  return [
    // No membership: nothing to switch.
    [actorDone<ThirdPartyClientEvent>('loadState', NO_MEMBERSHIP)],
    // On; off asked, cancelled, asked again and confirmed; the wait counts down a second.
    [
      actorDone<ThirdPartyClientEvent>('loadState', state()),
      { type: 'ENABLE' } as ThirdPartyClientEvent,
      actorDone<ThirdPartyClientEvent>('toggle', on),
      { type: 'DISABLE' } as ThirdPartyClientEvent,
      { type: 'CANCEL' } as ThirdPartyClientEvent,
      { type: 'DISABLE' } as ThirdPartyClientEvent,
      { type: 'CONFIRM' } as ThirdPartyClientEvent,
      actorDone<ThirdPartyClientEvent>('toggle', off),
      tick,
    ],
  ].flatMap((events) => getPathsFromEvents(thirdPartyClientMachine, events));
}
