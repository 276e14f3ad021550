/**
 * The operator functions on nodes (issue 21, item 8; docs/console.md): the console's nodes section
 * and the CLI's `nodes` commands both call these, so each rule is written once: what a node's
 * settings may be (the contract's `nodeSpecInput`), that a token is answered once with the agents'
 * settings (server/nodes/agent-settings.ts) and only its hash is kept, and that every change is
 * audited in its own transaction with the values before and after (the token never: it is not
 * even passed to the trail).
 */
import { eq, sql } from 'drizzle-orm';
import {
  nodeIdField,
  nodeSpecInput,
  type AgentSettings,
  type ConsoleNode,
} from '../../../contract/endpoints/console-nodes';
import { isUniqueViolation, rowsOf, type Db } from '../../db/database';
import { vpnNodes, type NodeProtocol } from '../../db/schema';
import { agentSettings } from '../../nodes/agent-settings';
import { createNode, rotateNodeToken as replaceNodeToken } from '../../nodes/manage-nodes';
import { fail } from '../../protocol/api-error';
import {
  auditedOperation,
  enabledSwitchAudit,
  type OperationStep,
  type SiteOperationDeps,
} from '../audited-operation';
import { consoleNode } from './node-record';
import { checked } from '../checked-input';

/** The site's origin is the agents' ApiHost. */
export type NodeDeps = SiteOperationDeps;

export interface NodeToken {
  readonly nodeId: number;
  /** Shown this once: only its SHA-256 is stored. */
  readonly token: string;
  readonly settings: AgentSettings;
}

type Step = OperationStep<NodeDeps>;

const target = (nodeId: number) => `node:${nodeId}`;

interface LockedNode {
  id: number;
  name: string;
  protocol: NodeProtocol;
  host: string;
  sni: string | null;
  method: string | null;
  enabled: boolean;
}

async function lockNode(tx: Db, nodeId: number): Promise<LockedNode> {
  const [row] = rowsOf<LockedNode>(
    await tx.execute(
      sql`SELECT id, name, protocol, host, sni, method, enabled
          FROM vpn_nodes WHERE id = ${nodeId} FOR UPDATE`,
    ),
  );
  if (!row) throw fail('NODE_NOT_FOUND');
  return row;
}

/** Adds an enabled node; answers its token and the agents' settings, this once. */
export const addNode = auditedOperation(
  (input: unknown) => checked(nodeSpecInput, input),
  async ({ tx, audit }: Step, spec) => {
    let created: { id: number; token: string };
    try {
      created = await createNode(tx, spec);
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('NODE_NAME_TAKEN');
      throw error;
    }
    const [row] = await tx.select().from(vpnNodes).where(eq(vpnNodes.id, created.id));
    await audit({
      action: 'node.add',
      target: target(created.id),
      after: {
        name: row!.name,
        protocol: row!.protocol,
        host: row!.host,
        port: row!.port,
        sni: row!.sni,
        method: row!.method,
        planTypes: row!.planTypes,
        sort: row!.sort,
        enabled: row!.enabled,
      },
    });
    return created;
  },
  async (added, { deps, now }): Promise<NodeToken & { node: ConsoleNode }> => {
    const node = (await consoleNode(deps.db, added.id, now))!;
    return {
      nodeId: added.id,
      token: added.token,
      settings: agentSettings(deps.siteOrigin(), node, added.token),
      node,
    };
  },
);

const checkedNodeId = (input: { nodeId: unknown }) => checked(nodeIdField, input.nodeId);

/** A new token for a node; the old one is refused from the moment this commits. */
export const rotateNodeToken = auditedOperation(
  checkedNodeId,
  async ({ tx, audit }: Step, nodeId) => {
    const locked = await lockNode(tx, nodeId);
    const fresh = (await replaceNodeToken(tx, nodeId))!;
    await audit({
      action: 'node.rotate-token',
      target: target(nodeId),
      after: { name: locked.name, tokenReplaced: true },
    });
    return { node: locked, token: fresh };
  },
  ({ node, token }, { deps, value: nodeId }): NodeToken => ({
    nodeId,
    token,
    settings: agentSettings(deps.siteOrigin(), node, token),
  }),
);

/**
 * Disables a node (out of subscriptions; its agent gets an empty user list, docs/nodes.md) or
 * enables it again.
 */
export const setNodeEnabled = auditedOperation(
  (input: { nodeId: unknown; enabled: boolean }) => ({
    nodeId: checkedNodeId(input),
    enabled: input.enabled,
  }),
  async ({ tx, audit }: Step, { nodeId, enabled }) => {
    const locked = await lockNode(tx, nodeId);
    await tx.update(vpnNodes).set({ enabled }).where(eq(vpnNodes.id, nodeId));
    await audit(
      enabledSwitchAudit(enabled ? 'node.enable' : 'node.disable', target(nodeId), locked, enabled),
    );
    return { enabled };
  },
);
