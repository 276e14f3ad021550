/** Shortcuts for the node suites: a node with its token, its agent, a member's import link. */
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { users } from '../../../server/db/schema';
import { createNode, type NodeSpec } from '../../../server/nodes/manage-nodes';
import { NODE_TYPE_OF } from '../../../server/nodes/node-protocols';
import type { ApiClient } from './api-client';
import { V2bxAgent } from './v2bx-agent';

let serial = 0;

export interface TestNode {
  readonly id: number;
  readonly token: string;
  /** A V2bX panel client of the node, on the app's listener at `origin`. */
  readonly agent: V2bxAgent;
}

/** Adds an enabled VLESS node for both plans unless told otherwise. */
export async function addTestNode(
  db: Db,
  origin: string,
  spec: Partial<NodeSpec> = {},
): Promise<TestNode> {
  serial += 1;
  const protocol = spec.protocol ?? 'vless';
  const { id, token } = await createNode(db, {
    name: `Test node ${serial} ${Math.random().toString(36).slice(2, 8)}`,
    host: `n${serial}.example`,
    port: 10_000 + serial,
    sni: null,
    method: protocol === 'ss' ? 'aes-256-gcm' : null,
    planTypes: [1, 2],
    sort: 50,
    ...spec,
    protocol,
  });
  const agent = new V2bxAgent({
    apiHost: origin,
    nodeId: id,
    nodeType: NODE_TYPE_OF[protocol],
    key: token,
  });
  return { id, token, agent };
}

/** A fresh single-use import link of a member with the function on; its path (`/sub/<token>`). */
export async function importLinkPath(api: ApiClient, token: string): Promise<string> {
  const issued = await api.call<{ url: string }>(
    '/api/user/user_third_party_client_link',
    {},
    { token },
  );
  expect(issued.body.code, issued.body.msg).toBe(200);
  return new URL(issued.body.data.url).pathname;
}

/**
 * Makes an account a member for 30 days, as the store's grants leave it (plan 1 Standard, 2 Lite),
 * without going through a purchase: for suites about what nodes report, not about buying.
 */
export async function grantMembership(
  db: Db,
  userId: number,
  { planType = 1, deviceLimit = 5 }: { planType?: 1 | 2; deviceLimit?: number } = {},
): Promise<void> {
  await db
    .update(users)
    .set({ planType, deviceLimit, expireTime: sql`now() + interval '30 days'` })
    .where(eq(users.id, userId));
}

/** Turns the third-party client on for an account, as its switch on the account page does. */
export async function enableThirdPartyClient(api: ApiClient, token: string): Promise<void> {
  const on = await api.call(
    '/api/user/user_third_party_client_toggle',
    { enabled: true },
    { token },
  );
  expect(on.body.code, on.body.msg).toBe(200);
}
