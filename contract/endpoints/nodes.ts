/** The member's side of the VPN nodes (issue 15): usage, online devices, subscription reset. */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { isoDate, ok } from './common';

export const userTraffic = defineEndpoint({
  path: '/api/user/user_traffic',
  auth: 'session',
  data: z.object({
    /** The period counted: the calendar month (UTC) that holds the server's now. */
    periodStart: isoDate,
    /** When the count starts again from zero. */
    periodEnd: isoDate,
    /** Bytes the nodes reported for the user this period. */
    upload: z.number().int(),
    download: z.number().int(),
  }),
  summary: "The user's traffic this month, as the VPN nodes reported it.",
});

export const onlineDevice = z.object({
  ip: z.string(),
  /** The nodes that reported the IP (names). */
  nodes: z.array(z.string()),
  lastSeenAt: isoDate,
});

export const userOnlineDevices = defineEndpoint({
  path: '/api/user/user_online_devices',
  auth: 'session',
  data: z.object({
    devices: z.array(onlineDevice),
    /** Devices the nodes admit at once: the plan's limit, or 1 without an active membership. */
    limit: z.number().int(),
    /** An IP counts as online for this long after a node last reported it. */
    onlineWindowSeconds: z.number().int(),
  }),
  summary: 'The devices (IPs) the VPN nodes see online for the user, and the limit they enforce.',
});

export const userRemoveOnlineDevice = defineEndpoint({
  path: '/api/user/user_remove_online_device',
  auth: 'session',
  params: z.object({ ip: z.string().min(2).max(45) }),
  data: ok,
  summary: 'Free the seat an online IP holds on the nodes (from their next alive-list pull).',
});

export const userResetSubscription = defineEndpoint({
  path: '/api/user/user_reset_subscription',
  auth: 'session',
  params: z.object({
    /** Must be true: every app and client has to import again afterwards. */
    confirm: z.literal(true),
  }),
  data: ok,
  summary:
    "Reset the subscription: every import link dies and the user's node credentials change (the nodes drop the old ones at their next pull).",
});

export const subscriptionFetch = z.object({
  fetchedAt: isoDate,
  /** The address it came from. */
  ip: z.string(),
  /** The client, from its User-Agent (`ClashForAndroid/2.5.12`, `Chrome · Windows 10.0`); may be empty. */
  client: z.string(),
  /** The nodes were sent; false: a used or expired link was asked again and refused. */
  served: z.boolean(),
});
export type SubscriptionFetch = z.infer<typeof subscriptionFetch>;

export const userSubscriptionFetches = defineEndpoint({
  path: '/api/user/user_subscription_fetches',
  auth: 'session',
  data: z.object({ fetches: z.array(subscriptionFetch) }),
  summary:
    "The last 20 fetches of the user's subscription links, newest first: when, from which address, by which client, and whether they were served.",
});
