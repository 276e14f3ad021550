/**
 * The traffic of bench/soak.mjs: a steady mix against one server, as members, the store and the
 * nodes use it, paced by the clock (not as fast as possible), each kind in a loop of its own:
 * - signed calls (SOAK_SIGNED_PER_SECOND, default 4): members reading their account, traffic,
 *   orders and notices, each call freshly signed (so the replay window fills for real);
 * - purchases (one every SOAK_PURCHASE_SECONDS, default 5): a member buys Standard 1 month through
 *   `payment_purchase` and pays it on the sandbox checkout, whose notification credits the order;
 * - node pushes (SOAK_NODES agents, default 3, a cycle every SOAK_NODE_CYCLE_SECONDS, default 10):
 *   each pulls config, user and alivelist with its ETags, then pushes traffic and online IPs for
 *   the members it serves and a status report (bench/node-agent.mjs).
 * Every answer that is not the expected one counts as an error (with the first few kept).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClientForBench } from './bench-api-client.mjs';
import { addDevNode, agentCall } from './node-agent.mjs';

const SIGNED_PER_SECOND = Number(process.env.SOAK_SIGNED_PER_SECOND ?? 4);
const PURCHASE_SECONDS = Number(process.env.SOAK_PURCHASE_SECONDS ?? 5);
const NODES = Number(process.env.SOAK_NODES ?? 3);
const NODE_CYCLE_SECONDS = Number(process.env.SOAK_NODE_CYCLE_SECONDS ?? 10);
const MEMBERS = 10;
const PASSWORD = 'soak-pass-2026';
const READS = [
  '/api/system/system_user_info',
  '/api/user/user_traffic',
  '/api/payment/payment_order',
  '/api/user/user_notices',
  '/api/user/user_online_devices',
];
const KEPT_ERRORS = 5;

/** Calls and errors by kind, and the first errors in words. */
function createTally() {
  const tally = { calls: {}, errors: 0, firstErrors: [] };
  return {
    tally,
    ok(kind) {
      tally.calls[kind] = (tally.calls[kind] ?? 0) + 1;
    },
    fail(kind, what) {
      tally.calls[kind] = (tally.calls[kind] ?? 0) + 1;
      tally.errors++;
      if (tally.firstErrors.length < KEPT_ERRORS) tally.firstErrors.push(`${kind}: ${what}`);
    },
  };
}

/** Runs `step` every `seconds` until `running()` is false; a step's exception is an error. */
async function every(seconds, running, record, kind, step) {
  for (let next = Date.now(); running();) {
    try {
      await step();
    } catch (error) {
      record.fail(kind, error instanceof Error ? error.message : String(error));
    }
    next += seconds * 1000;
    await sleep(Math.max(0, next - Date.now()));
  }
}

const envelopeError = (answer) =>
  answer.httpStatus === 200 && answer.body.code === 200
    ? undefined
    : `HTTP ${answer.httpStatus} ${JSON.stringify(answer.body).slice(0, 200)}`;

async function registerMembers(client) {
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const username = `soak_${process.pid}_${i}_${Date.now().toString(36)}`;
    const answer = await client.call('/api/user/register_type_username', {
      username,
      password: PASSWORD,
    });
    if (envelopeError(answer) || !answer.token)
      throw new Error(`registering ${username}: ${envelopeError(answer)}`);
    members.push(answer.token);
  }
  return members;
}

/** A purchase paid on the sandbox checkout, which answers 303 once it delivered the notification. */
async function purchase(client, origin, token, record) {
  const bought = await client.call(
    '/api/payment/payment_purchase',
    {
      productId: 101,
      method: 'alipay',
      currency: 'CNY',
      idempotencyKey: `soak-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    token,
  );
  const refused = envelopeError(bought);
  if (refused) return record.fail('purchase', refused);
  const paid = await fetch(`${origin}${bought.body.data.payUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=paid',
    redirect: 'manual',
  });
  await paid.arrayBuffer();
  if (paid.status !== 303) return record.fail('purchase', `sandbox pay answered ${paid.status}`);
  record.ok('purchase');
}

/** One agent cycle: pulls, then traffic and online IPs for a few of its members, then status. */
async function nodeCycle(origin, agent, record) {
  const expect = async (action, method, body, statuses = [200]) => {
    const { status, text } = await agentCall(origin, agent, action, method, body);
    if (statuses.includes(status)) record.ok(`node ${action}`);
    else record.fail(`node ${action}`, `${status} ${text.slice(0, 200)}`);
    return { status, text };
  };
  await expect('config', 'GET', undefined, [200, 304]);
  const users = await expect('user', 'GET', undefined, [200, 304]);
  if (users.status === 200) agent.served = JSON.parse(users.text).users.map((u) => u.id);
  await expect('alivelist', 'GET', undefined, [200, 304]);
  const some = (agent.served ?? []).slice(0, 5);
  await expect('push', 'POST', Object.fromEntries(some.map((id) => [id, [4_096, 65_536]])));
  await expect(
    'alive',
    'POST',
    Object.fromEntries(some.map((id) => [id, [`10.9.${agent.id % 250}.${id % 250}`]])),
  );
  await expect('status', 'POST', {
    cpu: 10,
    mem: { total: 2e9, used: 1e9 },
    swap: { total: 0, used: 0 },
    disk: { total: 4e10, used: 1e10 },
  });
}

/**
 * Registers the members and adds the nodes, then runs the mix until `stop()`, which resolves once
 * every loop has finished its step. `tally` is live: calls by kind, errors, the first errors.
 */
export async function startWorkload(origin) {
  const client = new ApiClientForBench(origin);
  const members = await registerMembers(client);
  const agents = [];
  for (let i = 0; i < NODES; i++)
    agents.push(await addDevNode(origin, ['vless', 'trojan', 'ss'][i % 3]));
  const record = createTally();
  let running = true;
  const isRunning = () => running;
  let turn = 0;
  let reads = 0;
  const member = () => members[turn++ % members.length];
  const loops = [
    every(1 / SIGNED_PER_SECOND, isRunning, record, 'signed', async () => {
      const path = READS[reads++ % READS.length];
      const refused = envelopeError(await client.call(path, {}, member()));
      if (refused) record.fail(path, refused);
      else record.ok('signed');
    }),
    every(PURCHASE_SECONDS, isRunning, record, 'purchase', () =>
      purchase(client, origin, member(), record),
    ),
    ...agents.map((agent) =>
      every(NODE_CYCLE_SECONDS, isRunning, record, 'node', () => nodeCycle(origin, agent, record)),
    ),
  ];
  return {
    tally: record.tally,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
