import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { Errors } from '../../contract/errors';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { orderRefundMachine } from '../../machines/order-refund/order-refund.machine';
import type {
  OrderRefundEvent,
  RefundRequest,
} from '../../machines/order-refund/order-refund.types';
import { sampleConsoleSession, sampleRefundOutcome } from './support/console-samples';
import { settle } from './support/on-clock';

const ORDER = 'KV20261126000123';
const start = () => initialTransition(orderRefundMachine, { orderId: ORDER })[0];
type Snapshot = ReturnType<typeof start>;
const send = (snapshot: Snapshot, event: OrderRefundEvent) =>
  transition(orderRefundMachine, snapshot, event)[0];
const open = () => send(start(), { type: 'OPEN' });
const submit = (snapshot: Snapshot, reason = 'Customer asked within 24 h', manual = false) =>
  send(snapshot, { type: 'SUBMIT', reason, manual });
const stepUpRequired = actorError<OrderRefundEvent>('refund', {
  code: Errors.STEP_UP_REQUIRED.code,
});

describe('order-refund machine, pure transitions', () => {
  it('opens on the order page, closes without sending anything', () => {
    const idle = start();
    expect(idle.value).toBe('idle');
    expect(idle.can({ type: 'SUBMIT', reason: 'anything', manual: false })).toBe(false);
    const editing = open();
    expect(editing.value).toBe('editing');
    expect(send(editing, { type: 'CANCEL' }).value).toBe('idle');
  });

  it('a missing or too short reason is refused in the form, with its code, and nothing is sent', () => {
    for (const [reason, code] of [
      ['', Errors.REASON_REQUIRED.code],
      ['  ab ', Errors.REASON_REQUIRED.code],
      ['x'.repeat(501), Errors.REASON_TOO_LONG.code],
    ] as const) {
      const [refused, actions] = transition(orderRefundMachine, open(), {
        type: 'SUBMIT',
        reason,
        manual: true,
      });
      expect(refused.value).toBe('editing');
      expect(refused.context.reasonError).toBe(code);
      expect(refused.context.manual).toBe(true);
      expect(actions.some((a) => a.type === 'xstate.spawnChild')).toBe(false);
    }
  });

  it('a reason sends one refund with the form, trimmed; a second click cannot send another', () => {
    const [refunding, actions] = transition(orderRefundMachine, open(), {
      type: 'SUBMIT',
      reason: '  Charged twice  ',
      manual: true,
    });
    expect(refunding.value).toBe('refunding');
    expect(refunding.context).toMatchObject({
      orderId: ORDER,
      manual: true,
      reason: 'Charged twice',
      reasonError: null,
    });
    expect(actions.some((a) => a.type === 'xstate.spawnChild')).toBe(true);
    expect(refunding.can({ type: 'SUBMIT', reason: 'again', manual: false })).toBe(false);
    expect(refunding.can({ type: 'CANCEL' })).toBe(false);
  });

  it('refunded: the outcome is kept until dismissed', () => {
    const done = send(submit(open()), actorDone<OrderRefundEvent>('refund', sampleRefundOutcome));
    expect(done.value).toBe('refunded');
    expect(done.context.outcome).toEqual(sampleRefundOutcome);
    expect(send(done, { type: 'DISMISS' }).value).toBe('idle');
  });

  it('refused (not paid, gateway down): back to the form with the code, the form kept', () => {
    const refused = send(
      submit(open(), 'Duplicate order'),
      actorError<OrderRefundEvent>('refund', { code: Errors.ORDER_NOT_REFUNDABLE.code }),
    );
    expect(refused.value).toBe('editing');
    expect(refused.context.errorCode).toBe(Errors.ORDER_NOT_REFUNDABLE.code);
    expect(refused.context.reason).toBe('Duplicate order');
    // Sending again clears the old refusal.
    expect(submit(refused).context.errorCode).toBeNull();
  });

  it('STEP_UP_REQUIRED asks for a fresh code; a malformed one is refused without a call', () => {
    const asking = send(submit(open()), stepUpRequired);
    expect(asking.value).toBe('steppingUp');
    expect(asking.context.errorCode).toBeNull();
    const [malformed, actions] = transition(orderRefundMachine, asking, {
      type: 'SUBMIT_CODE',
      code: '12ab',
    });
    expect(malformed.value).toBe('steppingUp');
    expect(malformed.context.errorCode).toBe(Errors.TOTP_CODE_INVALID.code);
    expect(actions.some((a) => a.type === 'xstate.spawnChild')).toBe(false);
  });

  it('a wrong code stays on the code; an accepted one sends the same refund again', () => {
    const asking = send(submit(open(), 'Charged twice', true), stepUpRequired);
    const verifying = send(asking, { type: 'SUBMIT_CODE', code: ' 123456 ' });
    expect(verifying.value).toBe('verifying');
    const wrong = send(
      verifying,
      actorError<OrderRefundEvent>('stepUp', { code: Errors.TOTP_CODE_INVALID.code }),
    );
    expect(wrong.value).toBe('steppingUp');
    expect(wrong.context.errorCode).toBe(Errors.TOTP_CODE_INVALID.code);
    const again = send(
      send(wrong, { type: 'SUBMIT_CODE', code: '654321' }),
      actorDone<OrderRefundEvent>('stepUp', sampleConsoleSession),
    );
    expect(again.value).toBe('refunding');
    expect(again.context).toMatchObject({ manual: true, reason: 'Charged twice', errorCode: null });
  });

  it('cancelling the code goes back to the form: nothing was refunded', () => {
    const asking = send(submit(open()), stepUpRequired);
    const wrong = send(
      send(asking, { type: 'SUBMIT_CODE', code: '123456' }),
      actorError<OrderRefundEvent>('stepUp', { code: Errors.TOTP_CODE_INVALID.code }),
    );
    const back = send(wrong, { type: 'CANCEL' });
    expect(back.value).toBe('editing');
    expect(back.context.errorCode).toBeNull();
    expect(back.context.outcome).toBeNull();
  });

  it('runs with the SPA’s calls: the refund is sent twice, around the step-up, with the same input', async () => {
    const sent: RefundRequest[] = [];
    const codes: string[] = [];
    const actor = createActor(
      orderRefundMachine.provide({
        actors: {
          refund: fromPromise(async ({ input }: { input: RefundRequest }) => {
            sent.push(input);
            if (sent.length === 1) throw { code: Errors.STEP_UP_REQUIRED.code };
            return sampleRefundOutcome;
          }),
          stepUp: fromPromise(async ({ input }: { input: { code: string } }) => {
            codes.push(input.code);
            return sampleConsoleSession;
          }),
        },
      }),
      { input: { orderId: ORDER } },
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', reason: 'Charged twice', manual: false });
    await settle();
    expect(actor.getSnapshot().value).toBe('steppingUp');
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('refunded');
    expect(codes).toEqual(['123456']);
    expect(sent).toEqual([
      { orderId: ORDER, manual: false, reason: 'Charged twice' },
      { orderId: ORDER, manual: false, reason: 'Charged twice' },
    ]);
    actor.stop();
  });

  it('a fault that is not a contract error counts as the generic server error', async () => {
    const actor = createActor(
      orderRefundMachine.provide({
        actors: { refund: fromPromise(() => Promise.reject(new TypeError('fetch failed'))) },
      }),
      { input: { orderId: ORDER } },
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', reason: 'Charged twice', manual: false });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorCode).toBe(Errors.INTERNAL.code);
    actor.stop();
  });
});
