/**
 * The member's subscription, shared by the account area's cards: its reset (/user/profile and
 * /user/security) and who fetched it (/user/security).
 */
import { callLazy, lazyQuery } from '../load-api';

const nodeEndpoints = () => import('../../../contract/endpoints/nodes');

/** user_reset_subscription: every import link dies, the node credentials change. */
export async function resetSubscription() {
  return callLazy(nodeEndpoints(), (m) => m.userResetSubscription, { confirm: true });
}

export const subscriptionFetchesKey = ['subscription-fetches'] as const;

/** user_subscription_fetches: the last 20 fetches of the user's subscription links. */
export const subscriptionFetchesQuery = () =>
  lazyQuery(subscriptionFetchesKey, nodeEndpoints, (m) => m.userSubscriptionFetches, {});
