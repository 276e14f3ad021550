import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { Errors } from '../../contract';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { kolPayoutMachine } from '../../machines/kol-payout/kol-payout.machine';
import type { KolPayoutEvent, PayoutBalance } from '../../machines/kol-payout/kol-payout.types';
import { balance, settlement } from './support/kol-payout-fixtures';
import { settle } from './support/on-clock';

const start = (input: PayoutBalance) => initialTransition(kolPayoutMachine, input)[0];
const send = (snapshot: ReturnType<typeof start>, event: KolPayoutEvent) =>
  transition(kolPayoutMachine, snapshot, event)[0];

describe('kol-payout machine, pure transitions', () => {
  it('below $100 the button is off; REQUEST is ignored', () => {
    const below = start(balance(9_999));
    expect(below.value).toBe('belowThreshold');
    expect(below.can({ type: 'REQUEST' })).toBe(false);
  });

  it('at exactly $100 with an address a payout can be requested', () => {
    expect(start(balance(10_000)).value).toBe('ready');
  });

  it('enough but no address: the partner team must add one first', () => {
    const noAddress = start(balance(20_000, false));
    expect(noAddress.value).toBe('noAddress');
    expect(noAddress.can({ type: 'REQUEST' })).toBe(false);
  });

  it('a new balance re-routes: a refund can take the KOL back below the threshold', () => {
    const ready = start(balance(10_500));
    const after = send(ready, { type: 'BALANCE', ...balance(8_000) });
    expect(after.value).toBe('belowThreshold');
    expect(after.context.availableCents).toBe(8_000);
    expect(send(after, { type: 'BALANCE', ...balance(12_000) }).value).toBe('ready');
  });

  it('REQUEST asks for confirmation; CANCEL goes back; CONFIRM sends the one request', () => {
    const confirming = send(start(balance(12_000)), { type: 'REQUEST' });
    expect(confirming.value).toBe('confirming');
    expect(send(confirming, { type: 'CANCEL' }).value).toBe('ready');
    const [requesting, actions] = transition(kolPayoutMachine, confirming, { type: 'CONFIRM' });
    expect(requesting.value).toBe('requesting');
    expect(actions.some((a) => a.type === 'xstate.spawnChild')).toBe(true);
    // A second click while the request runs changes nothing.
    expect(requesting.can({ type: 'CONFIRM' })).toBe(false);
    expect(requesting.can({ type: 'REQUEST' })).toBe(false);
  });

  it('done: the settlement is kept and nothing is available any more', () => {
    const requesting = send(send(start(balance(12_345)), { type: 'REQUEST' }), { type: 'CONFIRM' });
    const done = send(requesting, actorDone('requestPayout', settlement));
    expect(done.value).toBe('requested');
    expect(done.context.settlement).toEqual(settlement);
    expect(done.context.availableCents).toBe(0);
    // The refreshed summary does not hide the confirmation; DISMISS does.
    const refreshed = send(done, { type: 'BALANCE', ...balance(0) });
    expect(refreshed.value).toBe('requested');
    expect(send(refreshed, { type: 'DISMISS' }).value).toBe('belowThreshold');
  });

  it('refused (another tab was first): the error code is kept and the button re-checked', () => {
    const requesting = send(send(start(balance(12_345)), { type: 'REQUEST' }), { type: 'CONFIRM' });
    const refused = send(
      requesting,
      actorError('requestPayout', { code: Errors.KOL_BELOW_THRESHOLD.code }),
    );
    expect(refused.value).toBe('ready');
    expect(refused.context.errorCode).toBe(Errors.KOL_BELOW_THRESHOLD.code);
    const updated = send(refused, { type: 'BALANCE', ...balance(0) });
    expect(updated.value).toBe('belowThreshold');
    // A new attempt clears the old failure.
    expect(
      send(send(updated, { type: 'BALANCE', ...balance(10_000) }), { type: 'REQUEST' }).context
        .errorCode,
    ).toBeNull();
  });

  it('a fault that is not a contract error counts as the generic server error', async () => {
    const actor = createActor(
      kolPayoutMachine.provide({
        actors: { requestPayout: fromPromise(() => Promise.reject(new Error('socket hang up'))) },
      }),
      { input: balance(12_000) },
    ).start();
    actor.send({ type: 'REQUEST' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().context.errorCode).toBe(Errors.INTERNAL.code);
    actor.stop();
  });
});
