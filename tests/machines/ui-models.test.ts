/**
 * The paths the Playwright specs replay (e2e/machines/*.model.ts), checked without a browser: they
 * must still cover the machines when the machines change.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../contract';
import { sessionUiPaths, uiCanTake } from '../../e2e/machines/session.model';
import { verificationCodeUiPaths } from '../../e2e/machines/verification-code.model';
import { SessionState } from '../../machines/session/session.constants';
import { VerificationCodeState } from '../../machines/verification-code/verification-code.constants';

describe('session UI model', () => {
  const paths = sessionUiPaths();
  const steps = paths.flatMap((path) => path.steps);

  it('visits every state and uses the login form, logout and a revoked session', () => {
    expect(new Set(steps.map((step) => step.state.value))).toEqual(
      new Set(Object.values(SessionState)),
    );
    const events = new Set(steps.map((step) => step.event.type as string));
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
    const values = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect(values).toEqual(new Set(Object.values(VerificationCodeState)));
    const full = paths.find((path) => path.state.value === 'idle');
    const ticks = full?.steps.filter((step) => step.event.type.startsWith('xstate.after.TICK'));
    expect(ticks).toHaveLength(CODE.resendCooldownSeconds);
  });
});
