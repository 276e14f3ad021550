/**
 * A simulated node agent (V2bX, XrayR) for the benches: a node added through the dev route and the
 * UniProxy calls it makes with its credentials, sending back the ETags it was given the way an agent
 * does (docs/nodes.md). Used by bench/node-fleet.mjs and bench/soak.mjs.
 */

/** Adds an enabled node for both plans (`POST /dev/nodes`, outside PROD) and returns its agent. */
export async function addDevNode(origin, protocol = 'vless') {
  const response = await fetch(`${origin}/dev/nodes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ protocol }),
  });
  if (!response.ok) throw new Error(`POST /dev/nodes: ${response.status} ${await response.text()}`);
  const node = await response.json();
  return {
    id: node.id,
    query: `node_type=${node.nodeType}&node_id=${node.id}&token=${node.token}`,
    etags: {},
  };
}

/** One UniProxy call as `agent`: `{ status, text }`; the answer's ETag is kept for the next pull. */
export async function agentCall(origin, agent, action, method, body) {
  const headers = { 'content-type': 'application/json' };
  if (agent.etags[action]) headers['if-none-match'] = agent.etags[action];
  const response = await fetch(`${origin}/api/v1/server/UniProxy/${action}?${agent.query}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const etag = response.headers.get('etag');
  if (etag) agent.etags[action] = etag;
  return { status: response.status, text };
}
