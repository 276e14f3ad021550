import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  initialTransition,
  waitFor,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { Errors } from '../../contract/errors';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import type { LogInInput, SignInEvent } from '../../machines/sign-in/sign-in.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof signInMachine>;

const ACCOUNT = 'member@example.com';
const PASSWORD = 'correct horse battery';
const submit: SignInEvent = { type: 'SUBMIT', account: ACCOUNT, password: PASSWORD };
const submitCode = (code: string): SignInEvent => ({ type: 'SUBMIT_CODE', code });
const toggle: SignInEvent = { type: 'TOGGLE_FACTOR' };
const back: SignInEvent = { type: 'BACK' };
const usePasskey: SignInEvent = { type: 'USE_PASSKEY' };
const ev = {
  signedIn: actorDone<SignInEvent>('logIn', { userId: 1, deviceToken: 't' }),
  refused: (code: number, data?: unknown) => actorError<SignInEvent>('logIn', { code, data }),
  crashed: actorError<SignInEvent>('logIn', new TypeError('boom')),
  passkeySignedIn: actorDone<SignInEvent>('passkeySignIn', { userId: 1, deviceToken: 't' }),
  passkeyRefused: (code: number) => actorError<SignInEvent>('passkeySignIn', { code }),
  secondStepPasskeyDone: actorDone<SignInEvent>('passkeySecondStep', { userId: 1 }),
  secondStepPasskeyRefused: (code: number, data?: unknown) =>
    actorError<SignInEvent>('passkeySecondStep', { code, data }),
};

/** A `logIn` that accepts the credentials (what the SPA's call resolves with is not the machine's). */
const loggedIn = () =>
  fromPromise<unknown, LogInInput>(() => Promise.resolve({ userId: 1, deviceToken: 't' }));

const run = (events: SignInEvent[], from?: Snapshot): [Snapshot, unknown[]] =>
  runEvents(signInMachine, [from ?? initialTransition(signInMachine)[0], []], events);

const actionTypes = (actions: unknown[]) => (actions as Array<{ type: string }>).map((a) => a.type);

/** What the machine holds once the typed account and password are dropped. */
const forgotten = {
  account: '',
  password: '',
  factor: 'totp',
  passkeyOffered: false,
  errorCode: null,
};

/** The second step, reached by a right password with two-step sign-in on. */
const secondStep = () => {
  const [snapshot] = run([submit, ev.refused(Errors.TOTP_REQUIRED.code)]);
  expect(snapshot.value).toBe('secondStep');
  return snapshot;
};

/** After the password, TOTP_REQUIRED says whether a passkey is offered as the second step. */
const secondStepOffering = (passkey: boolean) =>
  run([submit, ev.refused(Errors.TOTP_REQUIRED.code, { passkey })])[0];

/** A code sent from the second step: the machine verifies, and what it sends `logIn`. */
const logInWithCode = (code: string, from: Snapshot) => {
  const [verifying, actions] = run([submitCode(code)], from);
  expect(verifying.value).toBe('verifying');
  return spawnedInput(actions, 'logIn');
};

describe('member sign-in machine', () => {
  it('starts editing with nothing typed and the authenticator code as the second factor', () => {
    const [start] = run([]);
    expect(start.value).toBe('editing');
    expect(start.context).toEqual({ ...forgotten, errorData: undefined });
  });

  it('sends exactly the account and password, once', () => {
    const [submitting, actions] = run([submit]);
    expect(submitting.value).toBe('submitting');
    expect(submitting.context).toMatchObject({ account: ACCOUNT, password: PASSWORD });
    expect(spawnedInput(actions, 'logIn')).toStrictEqual({ account: ACCOUNT, password: PASSWORD });
    expect(submitting.can(submit)).toBe(false);
  });

  it('signs in without a second step: final, the password dropped, the account entered', () => {
    const [done, actions] = run([submit, ev.signedIn]);
    expect(done.value).toBe('signedIn');
    expect(done.status).toBe('done');
    expect(done.context).toMatchObject(forgotten);
    expect(actionTypes(actions)).toContain('enterAccount');
  });

  it('forgets the credentials before entering the account', async () => {
    const seen: LogInInput[] = [];
    const actor = createActor(
      signInMachine.provide({
        actors: { logIn: loggedIn() },
        actions: {
          enterAccount: ({ context }) => {
            seen.push({ account: context.account, password: context.password });
          },
        },
      }),
    ).start();
    actor.send(submit);
    await waitFor(actor, (s) => s.status === 'done');
    expect(seen).toEqual([{ account: '', password: '' }]);
  });

  it('TOTP_REQUIRED asks for the second step and keeps the password for it', () => {
    const asked = secondStep();
    expect(asked.context).toMatchObject({
      account: ACCOUNT,
      password: PASSWORD,
      factor: 'totp',
      errorCode: null,
    });
  });

  it('any other refusal of the password returns to the form with the credentials forgotten', () => {
    const refusals: Array<[SignInEvent, number]> = [
      [ev.refused(Errors.INVALID_CREDENTIALS.code), Errors.INVALID_CREDENTIALS.code],
      [
        ev.refused(Errors.TOO_MANY_FAILED_ATTEMPTS.code, { retryAfterSeconds: 4 }),
        Errors.TOO_MANY_FAILED_ATTEMPTS.code,
      ],
      [ev.refused(Errors.NETWORK_ERROR.code), Errors.NETWORK_ERROR.code],
      // A fault of ours (no contract code) counts as INTERNAL, which is no second step either.
      [ev.crashed, Errors.INTERNAL.code],
    ];
    for (const [refusal, code] of refusals) {
      const [editing] = run([submit, refusal]);
      expect(editing.value, String(code)).toBe('editing');
      // The API layer showed it as a toast; the machine keeps nothing of it.
      expect(editing.context, String(code)).toMatchObject({ ...forgotten, errorData: undefined });
    }
  });

  it('sends the authenticator code with the account and password', () => {
    expect(logInWithCode('123456', secondStep())).toStrictEqual({
      account: ACCOUNT,
      password: PASSWORD,
      totpCode: '123456',
    });
  });

  it('after the toggle, sends a recovery code instead', () => {
    const [recovery] = run([toggle], secondStep());
    expect(recovery.value).toBe('secondStep');
    expect(recovery.context.factor).toBe('recovery');
    expect(logInWithCode('abcd-efgh-ijkl', recovery)).toStrictEqual({
      account: ACCOUNT,
      password: PASSWORD,
      recoveryCode: 'abcd-efgh-ijkl',
    });
  });

  it('toggled twice is back to the authenticator, and a remembered refusal is cleared', () => {
    const [refused] = run(
      [submitCode('000000'), ev.refused(Errors.TOTP_CODE_INVALID.code)],
      secondStep(),
    );
    expect(refused.context.errorCode).toBe(Errors.TOTP_CODE_INVALID.code);
    const [once] = run([toggle], refused);
    expect(once.context).toMatchObject({ factor: 'recovery', errorCode: null });
    const [twice] = run([toggle], once);
    expect(twice.value).toBe('secondStep');
    expect(twice.context).toMatchObject({
      account: ACCOUNT,
      password: PASSWORD,
      factor: 'totp',
      errorCode: null,
      errorData: undefined,
    });
  });

  it('a wrong code or the throttle comes back to the second step with its code and data', () => {
    const cases: Array<{ events: SignInEvent[]; code: number; data?: unknown }> = [
      { events: [submitCode('000000')], code: Errors.TOTP_CODE_INVALID.code },
      { events: [toggle, submitCode('wrong-code')], code: Errors.RECOVERY_CODE_INVALID.code },
      {
        events: [submitCode('000000')],
        code: Errors.TOO_MANY_FAILED_ATTEMPTS.code,
        data: { retryAfterSeconds: 4 },
      },
    ];
    for (const { events, code, data } of cases) {
      const [returned] = run([...events, ev.refused(code, data)], secondStep());
      expect(returned.value, String(code)).toBe('secondStep');
      expect(returned.context, String(code)).toMatchObject({
        account: ACCOUNT,
        password: PASSWORD,
        errorCode: code,
      });
      expect(returned.context.errorData, String(code)).toEqual(data);
    }
  });

  it('the next code sent clears the last refusal', () => {
    const [refused] = run(
      [submitCode('000000'), ev.refused(Errors.TOTP_CODE_INVALID.code)],
      secondStep(),
    );
    const [again, actions] = run([submitCode('123456')], refused);
    expect(again.value).toBe('verifying');
    expect(again.context.errorCode).toBeNull();
    expect(spawnedInput(actions, 'logIn')).toMatchObject({ totpCode: '123456' });
    const [done] = run([ev.signedIn], again);
    expect(done.value).toBe('signedIn');
    expect(done.context).toMatchObject(forgotten);
  });

  it('a password refused with the code (changed meanwhile) returns to the form, forgotten', () => {
    const [editing] = run(
      [submitCode('123456'), ev.refused(Errors.INVALID_CREDENTIALS.code)],
      secondStep(),
    );
    expect(editing.value).toBe('editing');
    expect(editing.context).toMatchObject({ ...forgotten, errorData: undefined });
  });

  it('BACK from the second step returns to the form with everything forgotten', () => {
    const [refused] = run(
      [toggle, submitCode('wrong-code'), ev.refused(Errors.RECOVERY_CODE_INVALID.code)],
      secondStep(),
    );
    const [editing] = run([back], refused);
    expect(editing.value).toBe('editing');
    expect(editing.context).toEqual({ ...forgotten, errorData: undefined });
  });

  it('ignores SUBMIT in the second step and SUBMIT_CODE on the form', () => {
    const asked = secondStep();
    expect(asked.can(submit)).toBe(false);
    const [still] = run([{ ...submit, account: 'other', password: 'other' }], asked);
    expect(still.value).toBe('secondStep');
    expect(still.context).toMatchObject({ account: ACCOUNT, password: PASSWORD });

    const [start] = run([]);
    expect(start.can(submitCode('123456'))).toBe(false);
    const [editing, actions] = run([submitCode('123456')]);
    expect(editing.value).toBe('editing');
    expect(spawnedInput(actions, 'logIn')).toBeUndefined();
  });

  it('ignores the toggle and BACK while a code is being checked', () => {
    const [verifying] = run([submitCode('123456')], secondStep());
    expect(verifying.can(toggle)).toBe(false);
    expect(verifying.can(back)).toBe(false);
  });

  it('a passkey from the form signs in with no password: final, the account entered', () => {
    const [asking, actions] = run([usePasskey]);
    expect(asking.value).toBe('passkeySigningIn');
    expect(asking.context).toMatchObject(forgotten);
    expect(spawnedInput(actions, 'passkeySignIn')).toBeUndefined();
    expect(asking.can(submit)).toBe(false);
    expect(asking.can(usePasskey)).toBe(false);
    const [done, doneActions] = run([ev.passkeySignedIn], asking);
    expect(done.value).toBe('signedIn');
    expect(done.status).toBe('done');
    expect(actionTypes(doneActions)).toContain('enterAccount');
  });

  it('a refused or cancelled passkey returns to the form with its code, cleared by the next try', () => {
    for (const code of [
      Errors.PASSKEY_CANCELLED.code,
      Errors.PASSKEY_INVALID.code,
      Errors.PASSKEY_UNSUPPORTED.code,
      Errors.TOO_MANY_FAILED_ATTEMPTS.code,
    ]) {
      const [editing] = run([usePasskey, ev.passkeyRefused(code)]);
      expect(editing.value, String(code)).toBe('editing');
      expect(editing.context.errorCode, String(code)).toBe(code);
      const [again] = run([usePasskey], editing);
      expect(again.context.errorCode, String(code)).toBeNull();
      const [typed] = run([submit], editing);
      expect(typed.context.errorCode, String(code)).toBeNull();
    }
  });

  it('typed credentials are dropped when the member turns to a passkey', () => {
    const [asking] = run([submit, ev.refused(Errors.INVALID_CREDENTIALS.code), usePasskey]);
    expect(asking.value).toBe('passkeySigningIn');
    expect(asking.context).toMatchObject(forgotten);
  });

  it('TOTP_REQUIRED says whether a passkey is offered as the second step', () => {
    const without = secondStepOffering(false);
    expect(without.context.passkeyOffered).toBe(false);
    expect(without.can(usePasskey)).toBe(false);
    const [still] = run([usePasskey], without);
    expect(still.value).toBe('secondStep');
    const offered = secondStepOffering(true);
    expect(offered.context.passkeyOffered).toBe(true);
    expect(offered.can(usePasskey)).toBe(true);
  });

  it('a passkey as the second step goes with the account and password, and signs in', () => {
    const offered = secondStepOffering(true);
    const [verifying, actions] = run([usePasskey], offered);
    expect(verifying.value).toBe('passkeyVerifying');
    expect(spawnedInput(actions, 'passkeySecondStep')).toStrictEqual({
      account: ACCOUNT,
      password: PASSWORD,
    });
    expect(verifying.can(submitCode('123456'))).toBe(false);
    expect(verifying.can(back)).toBe(false);
    const [done] = run([ev.secondStepPasskeyDone], verifying);
    expect(done.value).toBe('signedIn');
    expect(done.context).toMatchObject(forgotten);
  });

  it('a refused second-step passkey comes back to the second step; a changed password to the form', () => {
    const offered = secondStepOffering(true);
    const [refused] = run(
      [usePasskey, ev.secondStepPasskeyRefused(Errors.PASSKEY_INVALID.code)],
      offered,
    );
    expect(refused.value).toBe('secondStep');
    expect(refused.context).toMatchObject({
      account: ACCOUNT,
      password: PASSWORD,
      passkeyOffered: true,
      errorCode: Errors.PASSKEY_INVALID.code,
    });
    // A code still works after a refused passkey, and sending it clears the refusal.
    const [verifying] = run([submitCode('123456')], refused);
    expect(verifying.context.errorCode).toBeNull();
    const [editing] = run(
      [usePasskey, ev.secondStepPasskeyRefused(Errors.INVALID_CREDENTIALS.code)],
      offered,
    );
    expect(editing.value).toBe('editing');
    expect(editing.context).toMatchObject({ ...forgotten, errorData: undefined });
  });

  it('without a provided logIn the attempt fails loudly (a fault, not a refusal)', async () => {
    const errors: unknown[] = [];
    const actor = createActor(signInMachine, {
      inspect: (inspection: InspectionEvent) => {
        if (
          inspection.type === '@xstate.event' &&
          inspection.event.type === 'xstate.error.actor.logIn'
        )
          errors.push((inspection.event as unknown as { error: unknown }).error);
      },
    }).start();
    actor.send(submit);
    await waitFor(actor, (s) => s.matches('editing') && errors.length > 0);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/signIn: the "logIn" implementation must be provided/);
    expect(actor.getSnapshot().context).toMatchObject(forgotten);
    actor.stop();
  });

  it('without a provided enterAccount the signed-in machine fails loudly', async () => {
    const actor = createActor(
      signInMachine.provide({
        actors: { logIn: loggedIn() },
      }),
    );
    const failed = waitFor(actor, (s) => s.status === 'error');
    actor.start();
    actor.send(submit);
    await expect(failed).rejects.toThrow(/enterAccount.*must be provided/);
    expect(actor.getSnapshot().status).toBe('error');
  });
});
