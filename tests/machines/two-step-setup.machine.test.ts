import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, waitFor, type SnapshotFrom } from 'xstate';
import { Errors } from '../../contract/errors';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { twoStepSetupMachine } from '../../machines/two-step-setup/two-step-setup.machine';
import type { TwoStepSetupEvent } from '../../machines/two-step-setup/two-step-setup.types';
import { sampleEnrolmentSecret, sampleRecoveryCodes } from './support/console-samples';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof twoStepSetupMachine>;

const ev = {
  secret: actorDone<TwoStepSetupEvent>('makeSecret', sampleEnrolmentSecret),
  secretFailed: actorError<TwoStepSetupEvent>('makeSecret', { code: Errors.NETWORK_ERROR.code }),
  enabled: actorDone<TwoStepSetupEvent>('enable', { recoveryCodes: sampleRecoveryCodes }),
  enableRefused: (code: number, data?: unknown) =>
    actorError<TwoStepSetupEvent>('enable', { code, data }),
  disabled: actorDone<TwoStepSetupEvent>('disable', {}),
  disableRefused: (code: number) => actorError<TwoStepSetupEvent>('disable', { code }),
};
const submit = (code: string): TwoStepSetupEvent => ({ type: 'SUBMIT', code });

const run = (events: TwoStepSetupEvent[], from?: Snapshot): [Snapshot, unknown[]] =>
  runEvents(
    twoStepSetupMachine,
    from ? [from, []] : initialTransition(twoStepSetupMachine),
    events,
  );
const actionTypes = (actions: unknown[]) => (actions as Array<{ type: string }>).map((a) => a.type);
const settingUp = () => run([{ type: 'START' }, ev.secret])[0];

describe('two-step setup machine', () => {
  it('starts idle; turning on asks the server for a secret, then shows it', () => {
    const [idle] = run([]);
    expect(idle.value).toBe('idle');
    const [making, actions] = run([{ type: 'START' }]);
    expect(making.value).toBe('makingSecret');
    expect(actionTypes(actions)).toContain('xstate.spawnChild');
    expect(making.can({ type: 'START' })).toBe(false);
    const ready = settingUp();
    expect(ready.value).toBe('settingUp');
    expect(ready.context.secret).toEqual(sampleEnrolmentSecret);
  });

  it('a failed secret leaves the card as it was, with the reason kept', () => {
    const [idle] = run([{ type: 'START' }, ev.secretFailed]);
    expect(idle.value).toBe('idle');
    expect(idle.context.errorCode).toBe(Errors.NETWORK_ERROR.code);
    expect(idle.context.secret).toBeNull();
    // Trying again clears it.
    expect(run([{ type: 'START' }], idle)[0].context.errorCode).toBeNull();
  });

  it('sends the code typed to enable, one attempt at a time', () => {
    const [enabling, actions] = run([submit('123456')], settingUp());
    expect(enabling.value).toBe('enabling');
    expect(spawnedInput(actions, 'enable')).toEqual({ code: '123456' });
    expect(enabling.can(submit('654321'))).toBe(false);
    expect(enabling.can({ type: 'CANCEL' })).toBe(false);
  });

  it('a wrong code or a throttle: the QR code again, with the reason and its wait', () => {
    const [wrong] = run(
      [submit('000000'), ev.enableRefused(Errors.TOTP_CODE_INVALID.code)],
      settingUp(),
    );
    expect(wrong.value).toBe('settingUp');
    expect(wrong.context.errorCode).toBe(Errors.TOTP_CODE_INVALID.code);
    expect(wrong.context.secret).toEqual(sampleEnrolmentSecret);
    const wait = { retryAfterSeconds: 4 };
    const [throttled] = run(
      [submit('000000'), ev.enableRefused(Errors.TOO_MANY_FAILED_ATTEMPTS.code, wait)],
      settingUp(),
    );
    expect(throttled.context).toMatchObject({
      errorCode: Errors.TOO_MANY_FAILED_ATTEMPTS.code,
      errorData: wait,
    });
    // The next attempt clears the refusal.
    expect(run([submit('123456')], throttled)[0].context.errorCode).toBeNull();
  });

  it('cancelling the setup forgets the secret', () => {
    const [idle] = run([{ type: 'CANCEL' }], settingUp());
    expect(idle.value).toBe('idle');
    expect(idle.context.secret).toBeNull();
  });

  it('on: the status is asked again, the secret dropped, and the codes shown until saved', () => {
    const [codes, actions] = run([submit('123456'), ev.enabled], settingUp());
    expect(codes.value).toBe('showingCodes');
    expect(codes.context.recoveryCodes).toEqual(sampleRecoveryCodes);
    expect(codes.context.secret).toBeNull();
    expect(actionTypes(actions)).toContain('refreshStatus');
    expect(codes.can({ type: 'CANCEL' })).toBe(false);
    const [idle] = run([{ type: 'CONFIRM_SAVED' }], codes);
    expect(idle.value).toBe('idle');
    expect(idle.context.recoveryCodes).toEqual([]);
  });

  it('turning off sends the code typed; a wrong one asks again, a right one announces it', () => {
    const [asking] = run([{ type: 'TURN_OFF' }]);
    expect(asking.value).toBe('turningOff');
    const [disabling, actions] = run([submit('abcd-efgh')], asking);
    expect(disabling.value).toBe('disabling');
    expect(spawnedInput(actions, 'disable')).toEqual({ code: 'abcd-efgh' });
    const [wrong] = run([ev.disableRefused(Errors.RECOVERY_CODE_INVALID.code)], disabling);
    expect(wrong.value).toBe('turningOff');
    expect(wrong.context.errorCode).toBe(Errors.RECOVERY_CODE_INVALID.code);
    const [off, done] = run([submit('123456'), ev.disabled], wrong);
    expect(off.value).toBe('idle');
    expect(off.context.errorCode).toBeNull();
    expect(actionTypes(done)).toEqual(expect.arrayContaining(['refreshStatus', 'announceOff']));
    expect(run([{ type: 'CANCEL' }], asking)[0].value).toBe('idle');
  });

  it('without a provided makeSecret the start fails loudly (a fault, not a refusal)', async () => {
    const actor = createActor(twoStepSetupMachine).start();
    actor.send({ type: 'START' });
    const idle = await waitFor(actor, (s) => s.matches('idle') && s.context.errorCode !== null);
    expect(idle.context.errorCode).toBe(Errors.INTERNAL.code);
    actor.stop();
  });

  it('without a provided refreshStatus turning on fails loudly', async () => {
    const actor = createActor(
      twoStepSetupMachine.provide({
        actors: {
          makeSecret: fromPromise(async () => sampleEnrolmentSecret),
          enable: fromPromise(async () => ({ recoveryCodes: sampleRecoveryCodes })),
        },
      }),
    );
    const failed = waitFor(actor, (s) => s.status === 'error');
    actor.start();
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches('settingUp'));
    actor.send(submit('123456'));
    await expect(failed).rejects.toThrow(/refreshStatus.*must be provided/);
  });
});
