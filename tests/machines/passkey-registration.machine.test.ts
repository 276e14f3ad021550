import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, waitFor, type SnapshotFrom } from 'xstate';
import { Errors } from '../../contract/errors';
import { passkeyRegistrationMachine } from '../../machines/passkey-registration/passkey-registration.machine';
import type {
  NewCredential,
  PasskeyRegistrationEvent,
  SavePasskeyInput,
} from '../../machines/passkey-registration/passkey-registration.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof passkeyRegistrationMachine>;
type Event = PasskeyRegistrationEvent;

const PASSWORD = 'correct horse battery';
const CREDENTIAL: NewCredential = { id: 'cred-1', rawId: 'cred-1', type: 'public-key' };
const start: Event = { type: 'START' };
const password: Event = { type: 'SUBMIT_PASSWORD', password: PASSWORD };
const name = (value: string): Event => ({ type: 'SUBMIT_NAME', name: value });
const cancel: Event = { type: 'CANCEL' };
const ev = {
  created: actorDone<Event>('createPasskey', CREDENTIAL),
  createRefused: (code: number, data?: unknown) =>
    actorError<Event>('createPasskey', { code, data }),
  saved: actorDone<Event>('savePasskey', { passkey: { id: 1 } }),
  saveRefused: (code: number) => actorError<Event>('savePasskey', { code }),
};

const run = (events: Event[], from?: Snapshot): [Snapshot, unknown[]] =>
  runEvents(
    passkeyRegistrationMachine,
    [from ?? initialTransition(passkeyRegistrationMachine)[0], []],
    events,
  );
const actionTypes = (actions: unknown[]) => (actions as Array<{ type: string }>).map((a) => a.type);
const nothing = { credential: null, errorCode: null, errorData: undefined };

describe('passkey registration machine', () => {
  it('starts idle with nothing made', () => {
    const [idle] = run([]);
    expect(idle.value).toBe('idle');
    expect(idle.context).toEqual(nothing);
  });

  it('asks for the password, and sends it to createPasskey only (never into the context)', () => {
    const [asked] = run([start]);
    expect(asked.value).toBe('confirmingPassword');
    const [creating, actions] = run([password], asked);
    expect(creating.value).toBe('creating');
    expect(spawnedInput(actions, 'createPasskey')).toStrictEqual({ password: PASSWORD });
    expect(JSON.stringify(creating.context)).not.toContain(PASSWORD);
    expect(creating.can(password)).toBe(false);
    expect(creating.can(cancel)).toBe(false);
  });

  it('keeps the new credential for the name, then saves both, and says it was added', () => {
    const [naming] = run([start, password, ev.created]);
    expect(naming.value).toBe('naming');
    expect(naming.context.credential).toEqual(CREDENTIAL);
    const [saving, actions] = run([name('Work laptop')], naming);
    expect(saving.value).toBe('saving');
    expect(spawnedInput(actions, 'savePasskey')).toStrictEqual({
      credential: CREDENTIAL,
      name: 'Work laptop',
    } satisfies SavePasskeyInput);
    const [idle, doneActions] = run([ev.saved], saving);
    expect(idle.value).toBe('idle');
    expect(idle.context).toEqual(nothing);
    expect(actionTypes(doneActions)).toContain('passkeyAdded');
  });

  it('a wrong password, the throttle or a cancelled ceremony comes back to the password with its code', () => {
    const cases: Array<[number, unknown]> = [
      [Errors.PASSWORD_INCORRECT.code, undefined],
      [Errors.TOO_MANY_FAILED_ATTEMPTS.code, { retryAfterSeconds: 4 }],
      [Errors.PASSKEY_CANCELLED.code, undefined],
      [Errors.PASSKEY_ALREADY_ADDED.code, undefined],
      [Errors.PASSKEY_LIMIT_REACHED.code, { limit: 10 }],
    ];
    for (const [code, data] of cases) {
      const [back] = run([start, password, ev.createRefused(code, data)]);
      expect(back.value, String(code)).toBe('confirmingPassword');
      expect(back.context, String(code)).toEqual({
        credential: null,
        errorCode: code,
        errorData: data,
      });
      const [again] = run([password], back);
      expect(again.context.errorCode, String(code)).toBeNull();
    }
  });

  it('a refused name comes back to the name with the credential kept', () => {
    const [refused] = run([
      start,
      password,
      ev.created,
      name('x'),
      ev.saveRefused(Errors.PASSKEY_NAME_INVALID.code),
    ]);
    expect(refused.value).toBe('naming');
    expect(refused.context).toMatchObject({
      credential: CREDENTIAL,
      errorCode: Errors.PASSKEY_NAME_INVALID.code,
    });
  });

  it('any other refusal of the save drops the credential and starts again from the password', () => {
    for (const code of [Errors.PASSKEY_CEREMONY_EXPIRED.code, Errors.PASSKEY_INVALID.code]) {
      const [back] = run([start, password, ev.created, name('Key'), ev.saveRefused(code)]);
      expect(back.value, String(code)).toBe('confirmingPassword');
      expect(back.context, String(code)).toEqual({
        credential: null,
        errorCode: code,
        errorData: undefined,
      });
    }
  });

  it('CANCEL at the password or the name leaves nothing behind', () => {
    const [fromPassword] = run([
      start,
      password,
      ev.createRefused(Errors.PASSWORD_INCORRECT.code),
      cancel,
    ]);
    expect(fromPassword.value).toBe('idle');
    expect(fromPassword.context).toEqual(nothing);
    const [fromName] = run([start, password, ev.created, cancel]);
    expect(fromName.value).toBe('idle');
    expect(fromName.context).toEqual(nothing);
    const [restarted] = run([start], fromName);
    expect(restarted.context).toEqual(nothing);
  });

  it('ignores the name while the password is asked, and the password while naming', () => {
    const [asked] = run([start]);
    expect(asked.can(name('Key'))).toBe(false);
    const [naming] = run([start, password, ev.created]);
    expect(naming.can(password)).toBe(false);
    expect(naming.can(start)).toBe(false);
  });

  it('runs end to end with provided actors, and fails loudly without passkeyAdded', async () => {
    const seen: SavePasskeyInput[] = [];
    const provided = passkeyRegistrationMachine.provide({
      actors: {
        createPasskey: fromPromise<NewCredential, { password: string }>(() =>
          Promise.resolve(CREDENTIAL),
        ),
        savePasskey: fromPromise<unknown, SavePasskeyInput>(({ input }) => {
          seen.push(input);
          return Promise.resolve({});
        }),
      },
    });
    const added: number[] = [];
    const actor = createActor(
      provided.provide({ actions: { passkeyAdded: () => void added.push(1) } }),
    ).start();
    actor.send(start);
    actor.send(password);
    await waitFor(actor, (s) => s.matches('naming'));
    actor.send(name('Phone'));
    await waitFor(actor, (s) => s.matches('idle') && added.length === 1);
    expect(seen).toEqual([{ credential: CREDENTIAL, name: 'Phone' }]);

    const loud = createActor(provided);
    const failed = waitFor(loud, (s) => s.status === 'error');
    loud.start();
    loud.send(start);
    loud.send(password);
    await waitFor(loud, (s) => s.matches('naming'));
    loud.send(name('Phone'));
    await expect(failed).rejects.toThrow(/passkeyAdded.*must be provided/);
  });
});
