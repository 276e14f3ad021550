import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { consoleOrderRefund, consoleStepUp } from '../../../contract/endpoints/console';
import { orderRefundMachine } from '../../../machines/order-refund/order-refund.machine';
import { actorInspection } from '../../lib/inspector';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, storeConsoleSession } from '../api/console-queries';

/**
 * The order-refund machine (machines/order-refund) with the console's calls: the refund, and the
 * step-up whose answer is the renewed session (its CSRF token replaces the cached one). Refunded or
 * refused, the order's record and the lists are read again.
 */
export function useOrderRefund(orderId: string) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      orderRefundMachine.provide({
        actors: {
          refund: fromPromise(async ({ input }) => {
            try {
              return await consoleCall(consoleOrderRefund, input);
            } finally {
              void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'orders'] });
            }
          }),
          stepUp: fromPromise(async ({ input }) => {
            const session = await consoleCall(consoleStepUp, input);
            storeConsoleSession(queryClient, session);
            return session;
          }),
        },
      }),
    [queryClient],
  );
  return useMachine(machine, { ...actorInspection(), input: { orderId } });
}
