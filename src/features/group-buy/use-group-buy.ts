import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { groupBuyMachine } from '../../../machines/group-buy/group-buy.machine';
import { actorInspection } from '../../lib/inspector';
import {
  checkPayment,
  fetchGroupView,
  joinForPay,
  joinFree,
  loadGroupBuyPage,
  myGroupsKey,
  startGroup,
} from './api/group-buy-calls';

/** The group-buy machine with the SPA's calls and effects (docs/group-buy-web.md). */
export function useGroupBuy(input: { token: string | null; orderId: string | null }) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      groupBuyMachine.provide({
        actors: {
          loadPage: fromPromise(({ input: { token, orderId } }) =>
            loadGroupBuyPage(queryClient, token, orderId),
          ),
          refreshGroup: fromPromise(({ input: { token } }) => fetchGroupView(token)),
          startGroup: fromPromise(({ input: params }) => startGroup(params)),
          joinFree: fromPromise(async ({ input: params }) => {
            const view = await joinFree(params);
            void queryClient.invalidateQueries({ queryKey: myGroupsKey });
            return view;
          }),
          joinForPay: fromPromise(({ input: params }) => joinForPay(params)),
          checkPayment: fromPromise(({ input: params }) => checkPayment(params)),
        },
        actions: {
          // The gateway's page replaces this one; the payer comes back with the order.
          redirectToGateway: (_, params: { payUrl: string }) =>
            window.location.assign(params.payUrl),
        },
      }),
    [queryClient],
  );
  return useMachine(machine, { ...actorInspection(), input });
}
