import { describe, expect, it } from 'vitest';
import { initialTransition, type SnapshotFrom } from 'xstate';
import { Errors } from '../../contract/errors';
import { staffEnrolmentMachine } from '../../machines/staff-enrolment/staff-enrolment.machine';
import type { StaffEnrolmentEvent } from '../../machines/staff-enrolment/staff-enrolment.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import {
  sampleEnrolmentInfo,
  sampleEnrolmentSecret,
  sampleRecoveryCodes,
} from './support/console-samples';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof staffEnrolmentMachine>;

const TOKEN = 'A'.repeat(43);
const submit: StaffEnrolmentEvent = { type: 'SUBMIT', password: 'a new password', code: '654321' };
const ev = {
  info: actorDone<StaffEnrolmentEvent>('checkLink', sampleEnrolmentInfo),
  linkRefused: (actor: string) =>
    actorError<StaffEnrolmentEvent>(actor, { code: Errors.ENROLMENT_LINK_INVALID.code }),
  netError: (actor: string) =>
    actorError<StaffEnrolmentEvent>(actor, { code: Errors.NETWORK_ERROR.code }),
  secret: actorDone<StaffEnrolmentEvent>('makeSecret', sampleEnrolmentSecret),
  finished: actorDone<StaffEnrolmentEvent>('finish', { recoveryCodes: sampleRecoveryCodes }),
  finishRefused: (code: number) => actorError<StaffEnrolmentEvent>('finish', { code }),
};

const start = () => initialTransition(staffEnrolmentMachine, { token: TOKEN });
const run = (events: StaffEnrolmentEvent[], from?: Snapshot): [Snapshot, unknown[]] =>
  runEvents(staffEnrolmentMachine, from ? [from, []] : start(), events);
const settingUp = () => run([ev.info, ev.secret])[0];

describe('staff enrolment machine', () => {
  it('checks the link first, with its token', () => {
    const [snapshot, actions] = start();
    expect(snapshot.value).toBe('checkingLink');
    expect(spawnedInput(actions, 'checkLink')).toEqual({ token: TOKEN });
  });

  it('a good link: the secret is made, then the form shows the QR code and the key', () => {
    const [making, actions] = run([ev.info]);
    expect(making.value).toBe('makingSecret');
    expect(making.context.info).toEqual(sampleEnrolmentInfo);
    expect(spawnedInput(actions, 'makeSecret')).toEqual({ token: TOKEN });
    const ready = settingUp();
    expect(ready.value).toBe('settingUp');
    expect(ready.context.secret).toEqual(sampleEnrolmentSecret);
  });

  it('an invalid, used or expired link ends on its own page, whichever call found out', () => {
    expect(run([ev.linkRefused('checkLink')])[0].value).toBe('linkInvalid');
    expect(run([ev.info, ev.linkRefused('makeSecret')])[0].value).toBe('linkInvalid');
    const [spent] = run([submit, ev.linkRefused('finish')], settingUp());
    expect(spent.value).toBe('linkInvalid');
    expect(spent.status).toBe('done');
  });

  it('a failed load can be retried; it checks the link again', () => {
    const [failed] = run([ev.netError('checkLink')]);
    expect(failed.value).toBe('loadFailed');
    expect(failed.context.errorCode).toBe(Errors.NETWORK_ERROR.code);
    const [again, actions] = run([{ type: 'RETRY' }], failed);
    expect(again.value).toBe('checkingLink');
    expect(again.context.errorCode).toBeNull();
    expect(spawnedInput(actions, 'checkLink')).toEqual({ token: TOKEN });
    expect(run([ev.info, ev.netError('makeSecret')])[0].value).toBe('loadFailed');
  });

  it('finishing sends the token, the password and the first code', () => {
    const [finishing, actions] = run([submit], settingUp());
    expect(finishing.value).toBe('finishing');
    expect(spawnedInput(actions, 'finish')).toEqual({
      token: TOKEN,
      password: 'a new password',
      code: '654321',
    });
    expect(finishing.can(submit)).toBe(false);
  });

  it('a wrong first code or a refused password: the form again, with the reason', () => {
    for (const code of [Errors.TOTP_CODE_INVALID.code, Errors.PASSWORD_TOO_SHORT.code]) {
      const [again] = run([submit, ev.finishRefused(code)], settingUp());
      expect(again.value).toBe('settingUp');
      expect(again.context.errorCode).toBe(code);
      expect(again.context.secret).toEqual(sampleEnrolmentSecret);
    }
  });

  it('shows the 10 recovery codes until they are saved, then forgets them and goes to sign-in', () => {
    const [codes] = run([submit, ev.finished], settingUp());
    expect(codes.value).toBe('showingCodes');
    expect(codes.context.recoveryCodes).toEqual(sampleRecoveryCodes);
    const [done, actions] = run([{ type: 'CONFIRM_SAVED' }], codes);
    expect(done.value).toBe('done');
    expect(done.status).toBe('done');
    expect(done.context.recoveryCodes).toEqual([]);
    expect(done.context.secret).toBeNull();
    expect((actions as Array<{ type: string }>).map((a) => a.type)).toContain('goToSignIn');
  });
});
