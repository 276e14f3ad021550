/**
 * The member's endpoints of the VPN nodes (issue 15): this month's traffic, the devices the nodes see
 * online (and freeing one's seat), who fetched the subscription, and resetting it. docs/nodes.md.
 */
import { isIP } from 'node:net';
import { NODE_AGENT } from '../../contract/nodes';
import type { SessionCache } from '../identity/session-cache';
import { deviceLimitOf } from '../accounts/device-limit';
import type { Db } from '../db/database';
import type { NodeDirectory } from './node-directory';
import { fail } from '../protocol/api-error';
import { requireAuth, type Handlers } from '../protocol/api-context';
import { resetSubscription } from './node-credentials';
import { forgetOnlineDevice, onlineDevicesOf } from './online-ips';
import { subscriptionFetchesOf } from './subscription-fetches';
import { usageOf } from './traffic';

export interface NodeHandlerDeps {
  readonly db: Db;
  readonly sessionCache: SessionCache;
  /** Its kept alive count is dropped when a member frees a seat. */
  readonly directory: Pick<NodeDirectory, 'forgetAliveCounts'>;
}

export function createNodeHandlers({ db, sessionCache, directory }: NodeHandlerDeps): Handlers {
  return {
    async userTraffic(_params, context) {
      const { user } = requireAuth(context);
      const usage = await usageOf(db, user.id);
      return {
        periodStart: usage.periodStart.toISOString(),
        periodEnd: usage.periodEnd.toISOString(),
        upload: usage.upload,
        download: usage.download,
      };
    },

    async userOnlineDevices(_params, context) {
      const { user } = requireAuth(context);
      const devices = await onlineDevicesOf(db, user.id);
      return {
        devices: devices.map((d) => ({
          ip: d.ip,
          nodes: d.nodes,
          lastSeenAt: d.lastSeenAt.toISOString(),
        })),
        limit: deviceLimitOf(
          { expire_time: user.expireTime, device_limit: user.deviceLimit },
          new Date(),
        ),
        onlineWindowSeconds: NODE_AGENT.onlineIpTtlSeconds,
      };
    },

    async userRemoveOnlineDevice(params, context) {
      const { user } = requireAuth(context);
      if (!isIP(params.ip) || !(await forgetOnlineDevice(db, user.id, params.ip)))
        throw fail('DEVICE_NOT_FOUND');
      // The nodes' next alive-list pull from this process counts again (other processes within
      // their NODE_ALIVE_LIST_SECONDS).
      directory.forgetAliveCounts();
      return {};
    },

    async userSubscriptionFetches(_params, context) {
      const { user } = requireAuth(context);
      const fetches = await subscriptionFetchesOf(db, user.id);
      return { fetches: fetches.map((f) => ({ ...f, fetchedAt: f.fetchedAt.toISOString() })) };
    },

    async userResetSubscription(_params, context) {
      const { user } = requireAuth(context);
      await resetSubscription(db, user.id);
      sessionCache.forgetUser(user.id);
      return {};
    },
  };
}
