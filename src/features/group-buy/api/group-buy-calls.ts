/**
 * Group buy's calls (SPEC §7 `payment_joint_*`): the typed call and its query options. The API layer
 * and the contract's schemas load on demand, like the store's (src/features/store/api/).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { goodsQuery } from '../../../lib/queries/catalog';
import { callLazy, loadApi } from '../../../lib/load-api';
import type { OrderStatusName } from '../../../../contract/endpoints/payment';
import type {
  CheckPaymentInput,
  GroupView,
  JoinForPayInput,
  JoinInput,
  JoinOrder,
  LoadedPage,
  PaymentCheck,
  StartGroupInput,
  StartedGroup,
} from '../../../../machines/group-buy/group-buy.types';

const groupBuy = () => import('../../../../contract/endpoints/group-buy');
const payment = () => import('../../../../contract/endpoints/payment');

/** The invite page's group; refusals (unknown group, creator not paid) are states, not toasts. */
export async function fetchGroupView(inviteToken: string): Promise<GroupView> {
  return callLazy(groupBuy(), (m) => m.paymentJointOrder, { inviteToken }, { quiet: true });
}

const CLOSED: readonly OrderStatusName[] = ['failed', 'expired', 'cancelled'];

/**
 * The link's group; back from the gateway (`orderId`) to a group that is not found, the order says
 * why: a creator's order that failed, expired or was cancelled took its group with it.
 */
async function groupOrClosedOrder(
  token: string,
  orderId: string | null,
): Promise<Pick<LoadedPage, 'group' | 'closedOrder'>> {
  try {
    return { group: await fetchGroupView(token), closedOrder: null };
  } catch (error) {
    const { Errors } = await import('../../../../contract/errors');
    const code = (error as { code?: unknown } | null)?.code;
    if (orderId === null || code !== Errors.GROUP_NOT_FOUND.code) throw error;
    const [{ callApiQuiet }, { paymentOrder }] = await Promise.all([loadApi(), payment()]);
    const order = (await callApiQuiet(paymentOrder, { orderId }).catch(() => null))?.orders[0];
    if (!order || !CLOSED.includes(order.status)) throw error;
    return { group: null, closedOrder: order.status };
  }
}

/** Whether group buy is on (the shop says, from the display config), and the link's group. */
export async function loadGroupBuyPage(
  queryClient: QueryClient,
  token: string | null,
  orderId: string | null = null,
): Promise<LoadedPage> {
  const [catalog, found] = await Promise.all([
    queryClient.fetchQuery(goodsQuery()),
    token === null ? Promise.resolve(null) : groupOrClosedOrder(token, orderId),
  ]);
  if (catalog.shop === null) {
    const [{ ApiError }, { Errors }] = await Promise.all([
      import('../../../lib/api-error'),
      import('../../../../contract/errors'),
    ]);
    throw new ApiError(Errors.INTERNAL.code, Errors.INTERNAL.en);
  }
  return {
    enabled: catalog.shop.groupBuy.enabled,
    group: found?.group ?? null,
    closedOrder: found?.closedOrder ?? null,
  };
}

/** A refusal is a toast (and a 401 the way to /login), like /pricing's Pay. */
export async function startGroup(input: StartGroupInput): Promise<StartedGroup> {
  const { inviteToken, orderId, payUrl } = await callLazy(
    groupBuy(),
    (m) => m.paymentJointPurchase,
    input,
  );
  return { inviteToken, orderId, payUrl };
}

/** Join refusals are the page's own states (SPEC §8 blocks): no toast. */
export async function joinForPay(input: JoinForPayInput): Promise<JoinOrder> {
  const { orderId, payUrl } = await callLazy(
    groupBuy(),
    (m) => m.paymentJointJoinForPay,
    {
      inviteToken: input.token,
      method: input.method,
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
    },
    { quiet: true },
  );
  return { orderId, payUrl };
}

/** Pay all: the seat is taken at once; the group is then read as the invite page sees it. */
export async function joinFree(input: JoinInput): Promise<GroupView> {
  await callLazy(
    groupBuy(),
    (m) => m.paymentJointJoin,
    { inviteToken: input.token },
    { quiet: true },
  );
  return fetchGroupView(input.token);
}

/** The awaited order (the store's `payment_order`) and its group, asked quietly while polling. */
export async function checkPayment(input: CheckPaymentInput): Promise<PaymentCheck> {
  const [{ callApiQuiet }, { paymentOrder }] = await Promise.all([loadApi(), payment()]);
  const [{ orders }, group] = await Promise.all([
    callApiQuiet(paymentOrder, { orderId: input.orderId }),
    fetchGroupView(input.token),
  ]);
  const order = orders[0];
  if (!order) {
    const [{ ApiError }, { Errors }] = await Promise.all([
      import('../../../lib/api-error'),
      import('../../../../contract/errors'),
    ]);
    throw new ApiError(Errors.ORDER_NOT_FOUND.code, Errors.ORDER_NOT_FOUND.en);
  }
  return { orderStatus: order.status, group };
}

export const myGroupsKey = ['group-buy', 'mine'] as const;

/** /user/group-buying: the groups I started and the groups I joined, each with the server's clock. */
export const myGroupsQuery = (list: 'created' | 'joined') =>
  queryOptions({
    queryKey: [...myGroupsKey, list],
    queryFn: async () => {
      const [{ callApi }, endpoints] = await Promise.all([loadApi(), groupBuy()]);
      return list === 'created'
        ? callApi(endpoints.paymentJointPurchaseCreated, {})
        : callApi(endpoints.paymentJointPurchaseParticipated, {});
    },
  });
