import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import { actorInspection } from '../../lib/inspector';
import { userInfoKey } from '../../lib/queries/user-info';
import { useSession } from '../../lib/session/session-context';
import { checkCoupon, fetchOrder, ordersKey, purchase } from './api/store-calls';

/** The checkout machine with the SPA's calls and effects (docs/machines.md). */
export function useCheckout(orderId: string | null = null) {
  const queryClient = useQueryClient();
  const session = useSession();
  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          checkCoupon: fromPromise(({ input }) => checkCoupon(input)),
          createOrder: fromPromise(({ input }) => purchase(input)),
          fetchOrder: fromPromise(({ input }) => fetchOrder(input.orderId)),
        },
        actions: {
          // The gateway's page replaces this one; the buyer comes back on /purchased.
          redirectToGateway: (_, params: { payUrl: string }) =>
            window.location.assign(params.payUrl),
          refreshAccount: () => {
            void queryClient.invalidateQueries({ queryKey: userInfoKey });
            void queryClient.invalidateQueries({ queryKey: ordersKey });
            session.send({ type: 'REFRESH' });
          },
        },
      }),
    [queryClient, session],
  );
  return useMachine(machine, { ...actorInspection(), input: { orderId } });
}
