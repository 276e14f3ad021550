/**
 * The kol-payout machine as /user/kol can drive it: each path starts from the balance the page
 * loads (the machine's input), so its setup makes exactly that balance. Three journeys: below the
 * threshold (a new KOL), a request cancelled at its confirmation, and a request confirmed and
 * dismissed. The refused request and the missing address need a refund racing the click or a KOL
 * without an address; the server tests and the graph test prove those.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { getInitialSnapshot } from 'xstate';
import { kolPayoutMachine } from '../../machines/kol-payout/kol-payout.machine';
import type { KolPayoutEvent, PayoutBalance } from '../../machines/kol-payout/kol-payout.types';
import { actorDone } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import { balance, settlement } from '../../tests/machines/support/kol-payout-fixtures';
import { INVITEES_FOR_PAYOUT, STANDARD_12_USD } from '../support/kol';

type KolPayoutPath = MachinePath<typeof kolPayoutMachine>;

/** What the page loads for a new KOL and for one whose invitees' commissions are available. */
export const NOTHING_YET = balance(0);
export const ENOUGH = balance(INVITEES_FOR_PAYOUT * STANDARD_12_USD);

const request: KolPayoutEvent = { type: 'REQUEST' };

export function kolPayoutUiPaths(): KolPayoutPath[] {
  const journeys: Array<[PayoutBalance, KolPayoutEvent[]]> = [
    // A new KOL: nothing available, the button is off and the hint names the threshold.
    [NOTHING_YET, []],
    // The KOL looks at the confirmation and cancels.
    [ENOUGH, [request, { type: 'CANCEL' }]],
    // The KOL confirms; the settlement is made; dismissing it leaves nothing available.
    [
      ENOUGH,
      [
        request,
        { type: 'CONFIRM' },
        actorDone<KolPayoutEvent>('requestPayout', settlement),
        { type: 'DISMISS' },
      ],
    ],
  ];
  return journeys.flatMap(([input, events]) =>
    getPathsFromEvents(kolPayoutMachine, events, {
      // Why: @xstate/graph makes its default start state without the input, and this machine's
      // context is the balance.
      fromState: getInitialSnapshot(kolPayoutMachine, input),
      input,
    }),
  );
}
