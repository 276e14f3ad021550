/**
 * Real proxies for the end-to-end traffic test: Debian's v2ray 4.34 (`.ci/run` installs it) as a VPN
 * node run the way a node agent runs its core, and as a member's client built from a subscription
 * share link. TLS uses a throwaway CA made by `v2ctl cert --ca`: the node issues its certificate
 * from it for the node's server name, the client trusts only it. Nothing leaves 127.0.0.1.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { V2bxAgent, V2bxUser } from './v2bx-agent';

const run = promisify(execFile);
const V2RAY = '/usr/bin/v2ray';
const V2CTL = '/usr/bin/v2ctl';

export interface TestCa {
  readonly certificate: string[];
  readonly key: string[];
}

export async function makeTestCa(): Promise<TestCa> {
  const { stdout } = await run(V2CTL, ['cert', '--ca', '--domain=Kestrel test CA', '--expire=48h']);
  return JSON.parse(stdout) as TestCa;
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One v2ray process with a JSON config, restartable with a new one. */
class V2rayProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    private readonly configPath: string,
    private readonly readyPort: number,
  ) {}

  async start(config: unknown): Promise<void> {
    await this.stop();
    writeFileSync(this.configPath, JSON.stringify(config, null, 1));
    this.output = '';
    const child = spawn(V2RAY, ['-config', this.configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child = child;
    try {
      await waitForPort(this.readyPort);
    } catch (error) {
      throw new Error(`v2ray did not start: ${this.output}`, { cause: error });
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export interface NodePorts {
  /** The inbound members connect to (the node's `server_port`). */
  readonly proxy: number;
  /** v2ray's API (StatsService), the agent's only. */
  readonly api: number;
}

/**
 * A VPN node run as an agent runs its core: it pulls config and users from the node API (as V2bX,
 * through `V2bxAgent`), writes them into the inbound's clients and reloads (v2ray 4 reloads by
 * restarting; V2bX swaps users in place through the core's API), and reports per-user traffic from
 * v2ray's stats API and online IPs from its access log back through `push` and `alive`.
 */
export class V2rayNode {
  private readonly dir = mkdtempSync(join(tmpdir(), 'kestrel-v2ray-node-'));
  private readonly process: V2rayProcess;
  private users: V2bxUser[] = [];
  private config: Record<string, unknown> | undefined;
  private accessLogOffset = 0;
  /** How many times the core was (re)started with a new user list. */
  reloads = 0;

  constructor(
    readonly agent: V2bxAgent,
    private readonly ports: NodePorts,
    private readonly ca: TestCa,
  ) {
    this.process = new V2rayProcess(join(this.dir, 'config.json'), ports.proxy);
  }

  private get accessLog() {
    return join(this.dir, 'access.log');
  }

  /** One pull cycle; reloads the core when config or users changed (not on 304). */
  async sync(): Promise<boolean> {
    const config = await this.agent.getNodeInfo();
    if (config) this.config = config.raw;
    const users = await this.agent.getUserList();
    if (users) this.users = users;
    if (!config && !users) return false;
    await this.process.start(this.coreConfig());
    this.reloads += 1;
    return true;
  }

  private coreConfig() {
    const raw = this.config!;
    if (raw.server_port !== this.ports.proxy)
      throw new Error(`node config says port ${String(raw.server_port)}`);
    const protocol = raw.protocol as 'vless' | 'trojan';
    const serverName = String((raw.tls_settings as { server_name: string }).server_name);
    // A user's email is their panel id, so stats and the access log name them (as V2bX tags users).
    const clients = this.users.map((u) =>
      protocol === 'vless'
        ? { id: u.uuid, email: String(u.id), level: 0 }
        : { password: u.uuid, email: String(u.id), level: 0 },
    );
    return {
      log: { loglevel: 'warning', access: this.accessLog },
      api: { tag: 'api', services: ['StatsService'] },
      stats: {},
      policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
      inbounds: [
        {
          tag: 'node',
          listen: '127.0.0.1',
          port: this.ports.proxy,
          protocol,
          settings: protocol === 'vless' ? { clients, decryption: 'none' } : { clients },
          streamSettings: {
            network: 'tcp',
            security: 'tls',
            tlsSettings: {
              serverName,
              certificates: [
                { usage: 'issue', certificate: this.ca.certificate, key: this.ca.key },
              ],
            },
          },
        },
        {
          tag: 'api',
          listen: '127.0.0.1',
          port: this.ports.api,
          protocol: 'dokodemo-door',
          settings: { address: '127.0.0.1' },
        },
      ],
      outbounds: [{ protocol: 'freedom', tag: 'direct' }],
      routing: { rules: [{ type: 'field', inboundTag: ['api'], outboundTag: 'api' }] },
    };
  }

  /** One push cycle: traffic since the last one (stats reset on read), then the online IPs. */
  async report(): Promise<void> {
    const { stdout } = await run(V2CTL, [
      'api',
      `--server=127.0.0.1:${this.ports.api}`,
      'StatsService.QueryStats',
      'pattern: "user>>>" reset: true',
    ]);
    const traffic = new Map<number, { upload: number; download: number }>();
    for (const [, uid, direction, value] of stdout.matchAll(
      /name: "user>>>(\d+)>>>traffic>>>(uplink|downlink)"\s+value: (\d+)/g,
    )) {
      const entry = traffic.get(Number(uid)) ?? { upload: 0, download: 0 };
      if (direction === 'uplink') entry.upload += Number(value);
      else entry.download += Number(value);
      traffic.set(Number(uid), entry);
    }
    const pushed = [...traffic].filter(([, t]) => t.upload + t.download > 0);
    if (pushed.length > 0)
      await this.agent.reportUserTraffic(pushed.map(([uid, t]) => ({ uid, ...t })));

    let log = '';
    try {
      log = readFileSync(this.accessLog, 'utf8');
    } catch {
      // No connection yet: no log file.
    }
    const fresh = log.slice(this.accessLogOffset);
    this.accessLogOffset = log.length;
    const online = [...fresh.matchAll(/ ([\d.]+):\d+ accepted .* email: (\d+)/g)].map(
      ([, ip, uid]) => ({ uid: Number(uid), ip: ip! }),
    );
    if (online.length > 0) await this.agent.reportNodeOnlineUsers(online);
  }

  async stop(): Promise<void> {
    await this.process.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A share link of a subscription, as a v2ray client outbound. */
export function outboundFromShareLink(link: string, ca: TestCa) {
  const url = new URL(link);
  const protocol = url.protocol.replace(':', '');
  const address = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port);
  const credential = decodeURIComponent(url.username);
  if (url.searchParams.get('security') !== 'tls' || url.searchParams.get('type') !== 'tcp')
    throw new Error(`expected TLS over TCP: ${link}`);
  const streamSettings = {
    network: 'tcp',
    security: 'tls',
    tlsSettings: {
      serverName: url.searchParams.get('sni') ?? address,
      // The system's roots would hold a real node's CA; here, only the test CA.
      certificates: [{ usage: 'verify', certificate: ca.certificate }],
    },
  };
  if (protocol === 'vless')
    return {
      protocol,
      settings: {
        vnext: [{ address, port, users: [{ id: credential, encryption: 'none' }] }],
      },
      streamSettings,
    };
  if (protocol === 'trojan')
    return {
      protocol,
      settings: { servers: [{ address, port, password: credential }] },
      streamSettings,
    };
  throw new Error(`not a vless or trojan link: ${link}`);
}

/** A member's client: an HTTP proxy on `httpPort` that sends everything through one share link. */
export class V2rayClient {
  private readonly dir = mkdtempSync(join(tmpdir(), 'kestrel-v2ray-client-'));
  private readonly process: V2rayProcess;

  constructor(private readonly httpPort: number) {
    this.process = new V2rayProcess(join(this.dir, 'config.json'), httpPort);
  }

  async use(link: string, ca: TestCa): Promise<void> {
    await this.process.start({
      log: { loglevel: 'warning' },
      inbounds: [{ listen: '127.0.0.1', port: this.httpPort, protocol: 'http', settings: {} }],
      outbounds: [outboundFromShareLink(link, ca)],
    });
  }

  /** GET `url` through the proxy: the status and body, or the error when no answer came. */
  get(url: string): Promise<{ status: number; body: string } | { error: string }> {
    return new Promise((resolve) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: this.httpPort, method: 'GET', path: url, timeout: 5_000 },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', (e) => resolve({ error: e.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e) => resolve({ error: e.message }));
      req.end();
    });
  }

  async stop(): Promise<void> {
    await this.process.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
