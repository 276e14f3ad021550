/**
 * The paths the Playwright specs replay (e2e/machines/*.model.ts), checked without a browser: they
 * must still cover the machines when the machines change.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../contract';
import { checkoutUiPaths } from '../../e2e/machines/checkout.model';
import { cryptoPayUiPaths } from '../../e2e/machines/crypto-pay.model';
import { groupBuyUiPaths, worldOf } from '../../e2e/machines/group-buy.model';
import { ENOUGH, NOTHING_YET, kolPayoutUiPaths } from '../../e2e/machines/kol-payout.model';
import { sessionUiPaths, uiCanTake } from '../../e2e/machines/session.model';
import { thirdPartyClientUiPaths } from '../../e2e/machines/third-party-client.model';
import { verificationCodeUiPaths } from '../../e2e/machines/verification-code.model';
import { staffEnrolmentUiPaths } from '../../e2e/machines/staff-enrolment.model';
import { staffSignInUiPaths } from '../../e2e/machines/staff-sign-in.model';
import { asksForCode, signInUiPaths, usesPasskey } from '../../e2e/machines/sign-in.model';
import { SignInState } from '../../machines/sign-in/sign-in.constants';
import {
  passkeyRegistrationUiPaths,
  savesPasskey,
} from '../../e2e/machines/passkey-registration.model';
import { PasskeyRegistrationState } from '../../machines/passkey-registration/passkey-registration.constants';
import { meetsStepUp, orderRefundUiPaths } from '../../e2e/machines/order-refund.model';
import { OrderRefundState } from '../../machines/order-refund/order-refund.constants';
import { StaffEnrolmentState } from '../../machines/staff-enrolment/staff-enrolment.constants';
import { StaffSignInState } from '../../machines/staff-sign-in/staff-sign-in.constants';
import { SessionState } from '../../machines/session/session.constants';
import { VerificationCodeState } from '../../machines/verification-code/verification-code.constants';
import { AwaitingState, ChoosingState } from '../../machines/checkout/checkout.constants';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { stateKey } from '../../machines/shared/paths';
import { takenEvents, visitedStates } from './support/path-coverage';

describe('session UI model', () => {
  const paths = sessionUiPaths();

  it('visits every state and uses the login form, logout and a revoked session', () => {
    expect(visitedStates(paths)).toEqual(new Set(Object.values(SessionState)));
    const events = takenEvents(paths);
    for (const type of ['LOGGED_IN', 'LOGOUT', 'UNAUTHORIZED', 'xstate.done.actor.logout']) {
      expect(events).toContain(type);
    }
  });

  it('starts every path with the app deciding, and ends where the UI shows something', () => {
    for (const path of paths) {
      expect(uiCanTake(path)).toBe(true);
      expect(path.steps[1]?.event.type).toMatch(/^xstate\.(done|error)\.actor\.fetchUserInfo$/);
      expect(['loggedIn', 'loggedOut']).toContain(path.state.value);
    }
  });

  it('never asks the UI for what it cannot do', () => {
    for (const path of paths) {
      path.steps.forEach((step, i) => {
        if (step.event.type === 'LOGGED_IN')
          expect(path.steps[i - 1]?.state.value).toBe('loggedOut');
        expect(step.event.type).not.toBe('REFRESH');
      });
    }
  });
});

describe('verification-code UI model', () => {
  const paths = verificationCodeUiPaths();

  it('covers every state, and the full countdown ends idle after the contract cooldown', () => {
    expect(visitedStates(paths)).toEqual(new Set(Object.values(VerificationCodeState)));
    const full = paths.find((path) => path.state.value === 'idle');
    const ticks = full?.steps.filter((step) => step.event.type.startsWith('xstate.after.TICK'));
    expect(ticks).toHaveLength(CODE.resendCooldownSeconds);
  });
});

describe('third-party-client UI model', () => {
  const paths = thirdPartyClientUiPaths();
  const visited = visitedStates(paths);

  it('switches on and off (cancelling the confirmation once), counts the cooldown and covers the no-membership page', () => {
    for (const state of [
      'unavailable',
      'disabled.ready',
      'enabling',
      'enabled.idle',
      'enabled.confirmingDisable',
      'disabling',
      'disabled.coolingDown',
    ])
      expect(visited).toContain(state);
    const events = takenEvents(paths);
    for (const type of ['ENABLE', 'DISABLE', 'CANCEL', 'CONFIRM']) expect(events).toContain(type);
    const last = paths.map((path) => stateKey(path.state.value));
    expect(last).toEqual(['unavailable', 'disabled.coolingDown']);
  });
});

describe('checkout UI model', () => {
  const paths = checkoutUiPaths();

  it('visits every state, nested ones included, and ends each journey where the page shows it', () => {
    const visited = visitedStates(paths);
    const leaves = [
      ...Object.keys(checkoutMachine.root.states).filter(
        (key) => !['choosing', 'awaitingPayment'].includes(key),
      ),
      ...Object.values(ChoosingState).map((key) => `choosing.${key}`),
      ...Object.values(AwaitingState).map((key) => `awaitingPayment.${key}`),
    ];
    expect(visited).toEqual(new Set(leaves));
    for (const path of paths) {
      expect(['checkingCoupon', 'creatingOrder', 'awaitingPayment.fetching']).not.toContain(
        stateKey(path.state.value),
      );
    }
  });

  it('uses every event the buyer and the app cause', () => {
    const events = takenEvents(paths);
    for (const type of [
      'SELECT',
      'APPLY_COUPON',
      'REMOVE_COUPON',
      'PAY',
      'RETURNED',
      'RECHECK',
      'xstate.done.actor.checkCoupon',
      'xstate.error.actor.checkCoupon',
      'xstate.done.actor.createOrder',
      'xstate.done.actor.fetchOrder',
      'xstate.after.POLL.checkout.awaitingPayment.waiting',
      'xstate.after.AWAIT_LIMIT.checkout.awaitingPayment',
    ]) {
      expect(events).toContain(type);
    }
  });
});

describe('crypto-pay UI model', () => {
  const paths = cryptoPayUiPaths();
  const keys = visitedStates(paths);

  it('takes the buyer through every step the page shows, to paid, expired and invalid', () => {
    for (const key of [
      'selectingNetwork',
      'selectingToken',
      'connecting.idle',
      'wrongNetwork',
      'quoted.unproven',
      'quoted.confirming',
      'quoted.awaiting.waiting',
      'paid',
      'expired',
      'invalidProduct',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('never rests in a routing state and starts every path with the options', () => {
    expect(keys).not.toContain('checkingNetwork');
    for (const path of paths) {
      expect(path.steps[1]?.event.type).toMatch(/^xstate\.(done|error)\.actor\.loadOptions$/);
      expect(path.state.status).not.toBe('error');
    }
  });
});

describe('group-buy UI model', () => {
  const paths = groupBuyUiPaths();

  it('starts, joins free and paying, meets the blocks, runs out and finds the service off', () => {
    const visited = visitedStates(paths);
    for (const state of [
      'choosing',
      'redirecting',
      'open',
      'finished',
      'ended',
      'serviceOff',
      'joining.full',
      'joining.alreadyJoined',
      'joining.creatorNotPaid',
      'awaitingCreatorPayment.fetching',
      'awaitingMemberPayment.fetching',
    ]) {
      expect(visited, state).toContain(state);
    }
    const events = takenEvents(paths);
    for (const type of ['SELECT', 'START', 'JOIN', 'JOIN_AND_PAY', 'RETURNED']) {
      expect(events).toContain(type);
    }
  });

  it('prepares each journey from its first page', () => {
    expect(paths.map(worldOf).sort()).toEqual(
      ['choosing', 'full', 'off', 'payAll2', 'payAll3', 'paySelf2', 'paySelf3', 'unpaid'].sort(),
    );
  });
});

describe('kol-payout UI model', () => {
  const paths = kolPayoutUiPaths();

  it('starts from the balance the page loads and ends where the page shows it', () => {
    expect(paths.map((path) => path.steps[0]?.state.context)).toEqual(
      [NOTHING_YET, ENOUGH, ENOUGH].map((balance) => ({
        ...balance,
        settlement: null,
        errorCode: null,
      })),
    );
    expect(paths.map((path) => stateKey(path.state.value))).toEqual([
      'belowThreshold',
      'ready',
      'belowThreshold',
    ]);
  });

  it('cancels a request, confirms one and dismisses the settlement', () => {
    const visited = visitedStates(paths);
    for (const state of ['belowThreshold', 'ready', 'confirming', 'requesting', 'requested']) {
      expect(visited, state).toContain(state);
    }
    const events = takenEvents(paths);
    for (const type of [
      'REQUEST',
      'CANCEL',
      'CONFIRM',
      'xstate.done.actor.requestPayout',
      'DISMISS',
    ]) {
      expect(events).toContain(type);
    }
  });
});

describe('staff sign-in UI model', () => {
  it('visits every state but disabled (the server does not tell a disabled account apart)', () => {
    expect(visitedStates(staffSignInUiPaths())).toEqual(
      new Set(Object.values(StaffSignInState).filter((state) => state !== 'disabled')),
    );
  });
});

describe('member sign-in UI model', () => {
  it('visits every state, each path ends signed in, and two paths need no second step', () => {
    const paths = signInUiPaths();
    expect(visitedStates(paths)).toEqual(new Set(Object.values(SignInState)));
    for (const path of paths) expect(path.state.value).toBe('signedIn');
    // The password alone, and a passkey alone.
    expect(paths.filter((path) => !asksForCode(path)).map(usesPasskey)).toEqual([false, true]);
    // A passkey alone, and a passkey as the second step.
    expect(paths.filter(usesPasskey).map(asksForCode)).toEqual([false, true]);
  });
});

describe('passkey registration UI model', () => {
  it('visits every state, and two of the three paths save a passkey', () => {
    const paths = passkeyRegistrationUiPaths();
    expect(visitedStates(paths)).toEqual(new Set(Object.values(PasskeyRegistrationState)));
    for (const path of paths) expect(path.state.value).toBe('idle');
    expect(paths.map(savesPasskey)).toEqual([true, true, false]);
  });
});

describe('staff enrolment UI model', () => {
  it('visits every state, and the happy path ends on the sign-in page', () => {
    const paths = staffEnrolmentUiPaths();
    expect(visitedStates(paths)).toEqual(new Set(Object.values(StaffEnrolmentState)));
    expect(paths.some((path) => path.state.value === 'done')).toBe(true);
  });
});

describe('order-refund UI model', () => {
  const paths = orderRefundUiPaths();

  it('visits every state, and only the paths that meet the step-up have their factor aged', () => {
    expect(visitedStates(paths)).toEqual(new Set(Object.values(OrderRefundState)));
    expect(paths.map(meetsStepUp)).toEqual([false, false, false, true, true]);
  });

  it('ends refunded, or back on the order with nothing refunded', () => {
    expect(paths.map((path) => [path.state.value, path.state.context.outcome !== null])).toEqual([
      ['idle', false],
      ['idle', true],
      ['refunded', true],
      ['idle', true],
      ['idle', false],
    ]);
  });
});
