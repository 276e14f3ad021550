import { lazyQuery } from '../../../lib/load-api';

const nodeEndpoints = () => import('../../../../contract/endpoints/nodes');

export const trafficKey = ['traffic'] as const;

/** user_traffic: the bytes the VPN nodes reported for the user this month. */
export const trafficQuery = () => lazyQuery(trafficKey, nodeEndpoints, (m) => m.userTraffic, {});
