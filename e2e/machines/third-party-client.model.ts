/**
 * The third-party-client machine as the page can drive it. The real cooldown is 7 days, so the
 * paths come from the event sequences a person produces (switch on, switch off, watch the wait
 * tick, change their mind at the confirmation) rather than from a traversal that would wait the
 * cooldown out second by second.
 */
import { getPathsFromEvents } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { nextEnableAt, THIRD_PARTY_CLIENT } from '../../contract/account-area';
import { actorDone, delayElapsed } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import { thirdPartyClientMachine } from '../../machines/third-party-client/third-party-client.machine';
import type { ThirdPartyClientEvent } from '../../machines/third-party-client/third-party-client.types';
import {
  SERVER_NOW,
  sampleClientState,
} from '../../tests/machines/support/sample-third-party-client';

type ThirdPartyClientPath = MachinePath<typeof thirdPartyClientMachine>;

const next = nextEnableAt(new Date(SERVER_NOW)).toISOString();
const on = sampleClientState({
  enabled: true,
  enabledAt: SERVER_NOW,
  nextEnableAt: next,
  speedLimitMbps: THIRD_PARTY_CLIENT.speedLimitMbps,
});
const off = sampleClientState({ enabledAt: SERVER_NOW, nextEnableAt: next });
const tick = delayElapsed<ThirdPartyClientEvent>('TICK', 'thirdPartyClient.disabled.coolingDown');

/**
 * A state as the paths tell states apart: the countdown's remaining time counts only as running or
 * not. The default (value and whole context) makes each tick a new state, so finding these paths
 * explored the 7 days one second at a time: 604,800 states, 42 s of CPU in every Playwright
 * process that loaded this file, listing the suite included.
 */
function serializeState(snapshot: SnapshotFrom<typeof thirdPartyClientMachine>): string {
  const { remainingMs, ...context } = snapshot.context;
  return JSON.stringify({ value: snapshot.value, context, coolingDown: remainingMs > 0 });
}

/** The first load says whether the test user needs a membership. */
export const NO_MEMBERSHIP = sampleClientState({ membershipActive: false });

export function thirdPartyClientUiPaths(): ThirdPartyClientPath[] {
  return [
    // No membership: nothing to switch.
    [actorDone<ThirdPartyClientEvent>('loadState', NO_MEMBERSHIP)],
    // On; off asked, cancelled, asked again and confirmed; the wait counts down a second.
    [
      actorDone<ThirdPartyClientEvent>('loadState', sampleClientState()),
      { type: 'ENABLE' } as ThirdPartyClientEvent,
      actorDone<ThirdPartyClientEvent>('toggle', on),
      { type: 'DISABLE' } as ThirdPartyClientEvent,
      { type: 'CANCEL' } as ThirdPartyClientEvent,
      { type: 'DISABLE' } as ThirdPartyClientEvent,
      { type: 'CONFIRM' } as ThirdPartyClientEvent,
      actorDone<ThirdPartyClientEvent>('toggle', off),
      tick,
    ],
  ].flatMap((events) => getPathsFromEvents(thirdPartyClientMachine, events, { serializeState }));
}
