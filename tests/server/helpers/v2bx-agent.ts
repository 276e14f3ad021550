/**
 * A node agent's panel client, played the way V2bX does it (wyx2685/V2bX, the maintained fork of
 * InazumaV/V2bX, `api/panel/{panel,node,user}.go`, snapshot of 2025-02-08), over real HTTP:
 *
 * - panel.go `New`: one resty client whose base URL is the ApiHost and whose query parameters
 *   `node_type`, `node_id` and `token` go on EVERY request (`client.SetQueryParams`); `v2ray` is
 *   sent as `vmess`; resty's User-Agent.
 * - node.go `GetNodeInfo`: `GET /api/v1/server/UniProxy/config` with `If-None-Match: <nodeEtag>`;
 *   304 means "unchanged"; otherwise the body is decoded into typed structs (`server_port` int,
 *   `base_config.push_interval` / `pull_interval` int, string or float) and the `ETag` header kept.
 * - user.go `GetUserList`: `GET /api/v1/server/UniProxy/user` with `If-None-Match: <userEtag>`;
 *   304 means "unchanged"; else `{"users":[{"id":int,"uuid":string,"speed_limit":int,
 *   "device_limit":int}]}` and the ETag kept (Go decodes JSON null into 0 for an int).
 * - user.go `GetUserAlive`: `GET /api/v1/server/UniProxy/alivelist` -> `{"alive":{"<uid>":int}}`,
 *   any failure read as an empty map.
 * - user.go `ReportUserTraffic`: `POST /api/v1/server/UniProxy/push`, JSON body
 *   `{"<uid>":[upload,download]}`.
 * - user.go `ReportNodeOnlineUsers`: `POST /api/v1/server/UniProxy/alive`, JSON body
 *   `{"<uid>":["ip", ...]}`.
 * - utils.go `checkResponse`: any status >= 400 is an error carrying the body.
 * XrayR's `api/newV2board/v2board.go` (XrayR-project/XrayR before its API directory was removed)
 * calls the same paths with the same parameters; where it differs (alive entries `ip_<nodeId>`) the
 * tests say so.
 */

export const UNIPROXY = '/api/v1/server/UniProxy';
/** resty v2's default User-Agent (what V2bX and XrayR send). */
export const RESTY_USER_AGENT = 'go-resty/2.14.0 (https://github.com/go-resty/resty)';

export interface AgentConfig {
  readonly apiHost: string;
  readonly nodeId: number;
  readonly nodeType: string;
  readonly key: string;
}

export interface V2bxUser {
  readonly id: number;
  readonly uuid: string;
  readonly speedLimit: number;
  readonly deviceLimit: number;
}

export interface V2bxNodeInfo {
  readonly serverPort: number;
  readonly pushIntervalSeconds: number;
  readonly pullIntervalSeconds: number;
  readonly raw: Record<string, unknown>;
}

export class PanelError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`request failed: ${status} ${body}`);
  }
}

/** Go's encoding/json into an `int` field: a number (no fraction) or null (-> 0); else an error. */
function goInt(value: unknown, field: string): number {
  if (value === null || value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new Error(`cannot unmarshal ${JSON.stringify(value)} into Go int field ${field}`);
  return value;
}

function goString(value: unknown, field: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string')
    throw new Error(`cannot unmarshal ${JSON.stringify(value)} into Go string field ${field}`);
  return value;
}

/** node.go `intervalToTime`: int, numeric string or float seconds. */
function interval(value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'string') return Number.parseInt(value, 10) || 0;
  throw new Error(`interval of unexpected type: ${JSON.stringify(value)}`);
}

export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly requestHeaders: Record<string, string>;
  readonly status: number;
  readonly etag: string | null;
}

export class V2bxAgent {
  nodeEtag = '';
  userEtag = '';
  /** Every call made, for assertions on the wire. */
  readonly exchanges: Exchange[] = [];

  constructor(readonly config: AgentConfig) {}

  private async request(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; text: string; etag: string | null }> {
    const url = new URL(this.config.apiHost + path);
    const nodeType =
      this.config.nodeType.toLowerCase() === 'v2ray' ? 'vmess' : this.config.nodeType;
    const query = {
      node_type: nodeType,
      node_id: String(this.config.nodeId),
      token: this.config.key,
    };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const requestHeaders = {
      'user-agent': RESTY_USER_AGENT,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    };
    const response = await fetch(url, {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const etag = response.headers.get('etag');
    this.exchanges.push({
      method,
      path,
      query,
      requestHeaders,
      status: response.status,
      etag,
    });
    return { status: response.status, text, etag };
  }

  private static check(result: { status: number; text: string }) {
    if (result.status >= 400) throw new PanelError(result.status, result.text);
  }

  /** `GetNodeInfo`: null when unchanged (304). */
  async getNodeInfo(): Promise<V2bxNodeInfo | null> {
    const r = await this.request('GET', `${UNIPROXY}/config`, { 'if-none-match': this.nodeEtag });
    if (r.status === 304) return null;
    V2bxAgent.check(r);
    const raw = JSON.parse(r.text) as Record<string, unknown>;
    const base = raw.base_config as Record<string, unknown>;
    const info = {
      serverPort: goInt(raw.server_port, 'server_port'),
      pushIntervalSeconds: interval(base.push_interval),
      pullIntervalSeconds: interval(base.pull_interval),
      raw,
    };
    this.nodeEtag = r.etag ?? '';
    return info;
  }

  /** `GetUserList`: null when unchanged (304). */
  async getUserList(): Promise<V2bxUser[] | null> {
    const r = await this.request('GET', `${UNIPROXY}/user`, { 'if-none-match': this.userEtag });
    if (r.status === 304) return null;
    V2bxAgent.check(r);
    const body = JSON.parse(r.text) as { users: Record<string, unknown>[] };
    const users = body.users.map((u) => ({
      id: goInt(u.id, 'id'),
      uuid: goString(u.uuid, 'uuid'),
      speedLimit: goInt(u.speed_limit, 'speed_limit'),
      deviceLimit: goInt(u.device_limit, 'device_limit'),
    }));
    this.userEtag = r.etag ?? '';
    return users;
  }

  /** `GetUserAlive`: failures read as an empty map, as V2bX does. */
  async getUserAlive(): Promise<Map<number, number>> {
    try {
      const r = await this.request('GET', `${UNIPROXY}/alivelist`, {});
      if (r.status >= 399) return new Map();
      const body = JSON.parse(r.text) as { alive: Record<string, unknown> };
      return new Map(Object.entries(body.alive).map(([k, v]) => [Number(k), goInt(v, 'alive')]));
    } catch {
      return new Map();
    }
  }

  /** `ReportUserTraffic`; `query` adds a report id (V2bX itself sends none). */
  async reportUserTraffic(
    traffic: readonly { uid: number; upload: number; download: number }[],
    extraPath = '',
  ): Promise<string> {
    const data: Record<string, [number, number]> = {};
    for (const t of traffic) data[String(t.uid)] = [t.upload, t.download];
    const r = await this.request('POST', `${UNIPROXY}/push${extraPath}`, {}, data);
    V2bxAgent.check(r);
    return r.text;
  }

  /** `ReportNodeOnlineUsers`. */
  async reportNodeOnlineUsers(online: readonly { uid: number; ip: string }[]): Promise<void> {
    const data: Record<string, string[]> = {};
    for (const o of online) (data[String(o.uid)] ??= []).push(o.ip);
    const r = await this.request('POST', `${UNIPROXY}/alive`, {}, data);
    V2bxAgent.check(r);
  }
}
