import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { groupBuyMachine } from '../../../machines/group-buy/group-buy.machine';
import type {
  CheckPaymentInput,
  GroupView,
  JoinForPayInput,
  JoinInput,
  JoinOrder,
  LoadPageInput,
  LoadedPage,
  PaymentCheck,
  RefreshGroupInput,
  StartGroupInput,
  StartedGroup,
} from '../../../machines/group-buy/group-buy.types';
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
          loadPage: fromPromise<LoadedPage, LoadPageInput>(({ input: { token, orderId } }) =>
            loadGroupBuyPage(queryClient, token, orderId),
          ),
          refreshGroup: fromPromise<GroupView, RefreshGroupInput>(({ input: { token } }) =>
            fetchGroupView(token),
          ),
          startGroup: fromPromise<StartedGroup, StartGroupInput>(({ input: params }) =>
            startGroup(params),
          ),
          joinFree: fromPromise<GroupView, JoinInput>(async ({ input: params }) => {
            const view = await joinFree(params);
            void queryClient.invalidateQueries({ queryKey: myGroupsKey });
            return view;
          }),
          joinForPay: fromPromise<JoinOrder, JoinForPayInput>(({ input: params }) =>
            joinForPay(params),
          ),
          checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(({ input: params }) =>
            checkPayment(params),
          ),
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
