import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/load-api';

const nodeEndpoints = () => import('../../../../contract/endpoints/nodes');

export const trafficKey = ['traffic'] as const;

/** user_traffic: the bytes the VPN nodes reported for the user this month. */
export const trafficQuery = () =>
  queryOptions({
    queryKey: trafficKey,
    queryFn: async () => {
      const [{ callApi }, { userTraffic }] = await Promise.all([loadApi(), nodeEndpoints()]);
      return callApi(userTraffic, {});
    },
  });

/** user_reset_subscription: every import link dies, the node credentials change. */
export async function resetSubscription() {
  const [{ callApi }, { userResetSubscription }] = await Promise.all([loadApi(), nodeEndpoints()]);
  return callApi(userResetSubscription, { confirm: true });
}
