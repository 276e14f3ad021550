import { callLazy, lazyQuery } from '../../../lib/load-api';

const nodeEndpoints = () => import('../../../../contract/endpoints/nodes');

export const trafficKey = ['traffic'] as const;

/** user_traffic: the bytes the VPN nodes reported for the user this month. */
export const trafficQuery = () => lazyQuery(trafficKey, nodeEndpoints, (m) => m.userTraffic, {});

/** user_reset_subscription: every import link dies, the node credentials change. */
export async function resetSubscription() {
  return callLazy(nodeEndpoints(), (m) => m.userResetSubscription, { confirm: true });
}
