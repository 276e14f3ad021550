/**
 * The console's nodes section (issue 21, item 8; docs/console.md, docs/nodes.md): the nodes with
 * their health (last contact, online users, traffic this month, status report), one node's record
 * with its daily traffic over 30 days, adding a node and rotating its token (the token and the
 * agents' settings are answered once, never stored nor read again), disabling and enabling. The
 * CLI's `nodes` commands call the same operator functions (server/console/nodes/).
 */
import { z } from 'zod';
import { requiredText, wholeNumber, rowId } from '../validation';
import { Errors } from '../errors';
import { NODE_HOST_PATTERN, NODE_PROTOCOLS, SS_METHODS } from '../nodes';
import { isoDate, planGroup } from './common';
import {
  code,
  consoleRead,
  consoleWrite,
  emptyToNull,
  flagField,
  enabledAnswer,
} from './console-base';

/** Days of the traffic chart on a node's record (UTC days, oldest first, today last). */
export const NODE_SERIES_DAYS = 30;

export const nodeIdField = rowId(Errors.NODE_NOT_FOUND);

export const nodeNameField = requiredText(Errors.NODE_NAME_INVALID, 64);

export const nodeHostField = z
  .string(code(Errors.NODE_HOST_INVALID))
  .trim()
  .regex(NODE_HOST_PATTERN, code(Errors.NODE_HOST_INVALID));

/** A port, as a number (the console) or as typed (the CLI). */
export const nodePortField = wholeNumber(Errors.NODE_PORT_INVALID, 1, 65535);

export const nodeProtocolField = z.enum(NODE_PROTOCOLS, code(Errors.NODE_PROTOCOL_INVALID));

export const nodePlansField = z
  .array(z.union([z.literal(1), z.literal(2)], code(Errors.NODE_PLANS_INVALID)), {
    error: code(Errors.NODE_PLANS_INVALID),
  })
  .min(1, code(Errors.NODE_PLANS_INVALID))
  .max(8, code(Errors.NODE_PLANS_INVALID))
  .transform((plans) => [...new Set(plans)].sort());

export const nodeSortField = wholeNumber(Errors.NODE_SORT_INVALID, -10_000, 10_000);

/**
 * A node as an operator describes it. Shadowsocks needs a cipher from SS_METHODS and takes no TLS
 * name; VLESS and Trojan take a TLS name (empty: the host) and no cipher. An empty text is absent.
 */
export const nodeSpecInput = z
  .object({
    name: nodeNameField,
    protocol: nodeProtocolField,
    host: nodeHostField,
    port: nodePortField,
    sni: z.preprocess(emptyToNull, nodeHostField.nullable().default(null)),
    method: z.preprocess(
      emptyToNull,
      z.enum(SS_METHODS, code(Errors.NODE_METHOD_INVALID)).nullable().default(null),
    ),
    planTypes: nodePlansField.default([1, 2]),
    sort: nodeSortField.default(0),
  })
  .superRefine((spec, ctx) => {
    const ss = spec.protocol === 'ss';
    if (ss ? spec.method === null || spec.sni !== null : spec.method !== null)
      ctx.addIssue({ code: 'custom', message: code(Errors.NODE_METHOD_INVALID) });
  });
export type NodeSpecInput = z.input<typeof nodeSpecInput>;

// --- shapes ---

/**
 * `online`: the agent pulled within three cycles; `offline`: it did before, not lately; `never`: no
 * agent has called yet; `disabled`: taken out of subscriptions, its agent gets no users.
 */
export const NODE_HEALTH = ['online', 'offline', 'never', 'disabled'] as const;
export type NodeHealth = (typeof NODE_HEALTH)[number];

export const consoleNode = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.enum(NODE_PROTOCOLS),
  /** UniProxy's `node_type` (what the agent's NodeType says). */
  nodeType: z.string(),
  host: z.string(),
  port: z.number().int(),
  sni: z.string().nullable(),
  method: z.string().nullable(),
  planTypes: z.array(planGroup),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Whether a token is set (never the token: only its hash is stored). */
  hasToken: z.boolean(),
  createdAt: isoDate,
  health: z.enum(NODE_HEALTH),
  lastPullAt: isoDate.nullable(),
  lastPushAt: isoDate.nullable(),
  statusAt: isoDate.nullable(),
  /** The latest of the pull, the push and the status report. */
  lastContactAt: isoDate.nullable(),
  /** Distinct members and addresses the node reported within the online window (300 s). */
  onlineUsers: z.number().int(),
  onlineIps: z.number().int(),
  /** Bytes this calendar month (UTC). */
  upload: z.number(),
  download: z.number(),
});
export type ConsoleNode = z.infer<typeof consoleNode>;

const usage = z.object({ total: z.number(), used: z.number() });

export const nodeRecord = z.object({
  node: consoleNode,
  /** The agent's last status report (load in percent, sizes in bytes), or null when none came. */
  status: z.object({ cpu: z.number(), mem: usage, swap: usage, disk: usage }).nullable(),
  /** Daily traffic over the last NODE_SERIES_DAYS UTC days, oldest first; a day without traffic is 0. */
  series: z.array(z.object({ day: z.string(), upload: z.number(), download: z.number() })),
  /** Who is online on the node now, with their addresses there. */
  online: z.array(
    z.object({ userId: z.number().int(), ips: z.array(z.string()), lastSeenAt: isoDate }),
  ),
});
export type NodeRecord = z.infer<typeof nodeRecord>;

/** Ready settings for a node's agent, with the token in them: answered once, never again. */
export const agentSettings = z.object({
  /** The site origin the agent calls (ApiHost). */
  apiHost: z.string(),
  /** A `Nodes[]` entry of V2bX's config.json. */
  v2bx: z.string(),
  /** A `Nodes` entry of XrayR's config.yml. */
  xrayr: z.string(),
});
export type AgentSettings = z.infer<typeof agentSettings>;

const tokenAnswer = z.object({
  nodeId: z.number().int(),
  /** The node's API token (the agent's ApiKey): shown this once, only its hash is stored. */
  token: z.string(),
  settings: agentSettings,
});

// --- endpoints ---

export const consoleNodeList = consoleRead({
  path: '/api/admin/nodes',
  access: 'nodes.manage',
  data: z.object({ nodes: z.array(consoleNode), at: isoDate }),
  summary:
    'Every node with its health: last contact, online users, traffic this month (never its token).',
});

export const consoleNodeRecord = consoleRead({
  path: '/api/admin/nodes/record',
  access: 'nodes.manage',
  input: z.object({ nodeId: nodeIdField }),
  data: nodeRecord,
  summary:
    "A node's settings and health, its agent's last status report, who is online on it, and its traffic per day over 30 days.",
});

export const consoleNodeAdd = consoleWrite({
  path: '/api/admin/nodes/add',
  access: 'nodes.manage',
  stepUp: true,
  input: nodeSpecInput,
  data: tokenAnswer.extend({ node: consoleNode }),
  summary:
    'Add a node; answers its token and ready V2bX and XrayR settings, this once (step-up: the token reads every member credential).',
});

export const consoleNodeRotateToken = consoleWrite({
  path: '/api/admin/nodes/rotate-token',
  access: 'nodes.manage',
  stepUp: true,
  input: z.object({ nodeId: nodeIdField }),
  data: tokenAnswer,
  summary:
    "Replace a node's token (the old one is refused at once); answers the new one and the agents' settings, this once (step-up).",
});

export const consoleNodeSetEnabled = consoleWrite({
  path: '/api/admin/nodes/enabled',
  access: 'nodes.manage',
  input: z.object({ nodeId: nodeIdField, enabled: flagField }),
  data: enabledAnswer,
  summary: 'Disable a node (out of subscriptions, its agent gets no users) or enable it again.',
});

export const consoleNodeEndpoints = {
  consoleNodeList,
  consoleNodeRecord,
  consoleNodeAdd,
  consoleNodeRotateToken,
  consoleNodeSetEnabled,
} as const;
