import { describe, expect, it } from 'vitest';
import { initialTransition, type SnapshotFrom } from 'xstate';
import { Errors } from '../../contract/errors';
import { DEFAULT_THROTTLE_SECONDS } from '../../machines/staff-sign-in/staff-sign-in.constants';
import { staffSignInMachine } from '../../machines/staff-sign-in/staff-sign-in.machine';
import type { StaffSignInEvent } from '../../machines/staff-sign-in/staff-sign-in.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { sampleConsoleSession } from './support/console-samples';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof staffSignInMachine>;

const submit: StaffSignInEvent = {
  type: 'SUBMIT',
  username: 'olivia',
  password: 'correct horse battery',
  code: '123456',
};
const toggle: StaffSignInEvent = { type: 'TOGGLE_FACTOR' };
const ev = {
  signedIn: actorDone<StaffSignInEvent>('signIn', sampleConsoleSession),
  refused: (code: number, data?: unknown) => actorError<StaffSignInEvent>('signIn', { code, data }),
  crashed: actorError<StaffSignInEvent>('signIn', new TypeError('boom')),
  waited: delayElapsed<StaffSignInEvent>('THROTTLE', 'staffSignIn.throttled'),
};

const run = (events: StaffSignInEvent[], from?: Snapshot): [Snapshot, unknown[]] =>
  runEvents(staffSignInMachine, [from ?? initialTransition(staffSignInMachine)[0], []], events);

const actionTypes = (actions: unknown[]) => (actions as Array<{ type: string }>).map((a) => a.type);

describe('staff sign-in machine', () => {
  it('starts editing with the authenticator code as the second factor', () => {
    const [start] = run([]);
    expect(start.value).toBe('editing');
    expect(start.context).toMatchObject({ factor: 'totp', errorCode: null, session: null });
  });

  it('toggles to a recovery code and back while the form is open', () => {
    expect(run([toggle])[0].context.factor).toBe('recovery');
    expect(run([toggle, toggle])[0].context.factor).toBe('totp');
  });

  it('sends username, password and code, once, and ignores the toggle meanwhile', () => {
    const [submitting, actions] = run([submit]);
    expect(submitting.value).toBe('submitting');
    expect(spawnedInput(actions, 'signIn')).toEqual({
      username: 'olivia',
      password: 'correct horse battery',
      code: '123456',
    });
    expect(run([toggle], submitting)[0].context.factor).toBe('totp');
    expect(submitting.can(submit)).toBe(false);
  });

  it('signs in: keeps the session and enters the console', () => {
    const [done, actions] = run([submit, ev.signedIn]);
    expect(done.value).toBe('signedIn');
    expect(done.status).toBe('done');
    expect(done.context.session).toEqual(sampleConsoleSession);
    expect(actionTypes(actions)).toContain('enterConsole');
  });

  it('a wrong username, password or code is one refusal, and the form may be sent again', () => {
    for (const code of [Errors.STAFF_SIGN_IN_FAILED.code, Errors.TOTP_CODE_INVALID.code]) {
      const [rejected] = run([submit, ev.refused(code)]);
      expect(rejected.value).toBe('rejected');
      expect(rejected.context.errorCode).toBe(code);
      const [again] = run([submit], rejected);
      expect(again.value).toBe('submitting');
      expect(again.context.errorCode).toBeNull();
    }
  });

  it('throttled: waits the seconds the server names, then opens the form again', () => {
    const [throttled] = run([
      submit,
      ev.refused(Errors.TOO_MANY_FAILED_ATTEMPTS.code, { retryAfterSeconds: 4 }),
    ]);
    expect(throttled.value).toBe('throttled');
    expect(throttled.context.retryAfterSeconds).toBe(4);
    expect(throttled.can(submit)).toBe(false);
    expect(run([ev.waited], throttled)[0].value).toBe('editing');
  });

  it('throttled without a wait in the answer waits the first step', () => {
    const [throttled] = run([submit, ev.refused(Errors.TOO_MANY_FAILED_ATTEMPTS.code)]);
    expect(throttled.context.retryAfterSeconds).toBe(DEFAULT_THROTTLE_SECONDS);
  });

  it('a disabled staff member is told so', () => {
    const [disabled] = run([submit, ev.refused(Errors.STAFF_DISABLED.code)]);
    expect(disabled.value).toBe('disabled');
    expect(disabled.context.errorCode).toBe(Errors.STAFF_DISABLED.code);
  });

  it('a network failure or a fault of ours is no verdict on the credentials', () => {
    const [failed] = run([submit, ev.refused(Errors.NETWORK_ERROR.code)]);
    expect(failed.value).toBe('failed');
    const [crashed] = run([submit, ev.crashed]);
    expect(crashed.value).toBe('failed');
    expect(crashed.context.errorCode).toBe(Errors.INTERNAL.code);
  });
});
