import { expect, it } from 'vitest';
import { getPathsFromEvents } from '@xstate/graph';
import { getInitialSnapshot } from 'xstate';
import { Errors } from '../../contract/errors';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { OrderRefundState } from '../../machines/order-refund/order-refund.constants';
import { orderRefundMachine } from '../../machines/order-refund/order-refund.machine';
import type { OrderRefundEvent } from '../../machines/order-refund/order-refund.types';
import { describeGraph } from './support/graph-suite';
import { replayPath } from './support/replay-path';
import { sampleConsoleSession, sampleRefundOutcome } from './support/console-samples';

const input = { orderId: 'KV20261126000123' };
const submit: OrderRefundEvent = { type: 'SUBMIT', reason: 'Charged twice', manual: false };
const code: OrderRefundEvent = { type: 'SUBMIT_CODE', code: '123456' };
const stepUpRequired = actorError<OrderRefundEvent>('refund', {
  code: Errors.STEP_UP_REQUIRED.code,
});
const events: OrderRefundEvent[] = [
  { type: 'OPEN' },
  { type: 'CANCEL' },
  submit,
  { type: 'SUBMIT', reason: '', manual: true },
  code,
  { type: 'SUBMIT_CODE', code: 'abc' },
  { type: 'DISMISS' },
  actorDone('refund', sampleRefundOutcome),
  stepUpRequired,
  actorError('refund', { code: Errors.ORDER_NOT_REFUNDABLE.code }),
  actorDone('stepUp', sampleConsoleSession),
  actorError('stepUp', { code: Errors.TOTP_CODE_INVALID.code }),
];
const replay = { actors: ['refund', 'stepUp'] };

describeGraph(
  'order-refund machine, graph',
  {
    machine: orderRefundMachine,
    states: OrderRefundState,
    events,
    input,
    replay,
    minSimplePaths: 10,
  },
  () => {
    it('refund, asked for a code, a wrong one, the right one: refunded on the second request', async () => {
      const [path] = getPathsFromEvents(
        orderRefundMachine,
        [
          { type: 'OPEN' },
          submit,
          stepUpRequired,
          code,
          actorError('stepUp', { code: Errors.TOTP_CODE_INVALID.code }),
          code,
          actorDone('stepUp', sampleConsoleSession),
          actorDone('refund', sampleRefundOutcome),
          { type: 'DISMISS' },
        ],
        { fromState: getInitialSnapshot(orderRefundMachine, input), input },
      );
      if (!path) throw new Error('no path');
      const result = await replayPath(orderRefundMachine, path, { ...replay, input });
      expect(result.visited).toEqual([
        'idle',
        'editing',
        'refunding',
        'steppingUp',
        'verifying',
        'steppingUp',
        'verifying',
        'refunding',
        'refunded',
        'idle',
      ]);
    });
  },
);
