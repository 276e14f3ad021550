/**
 * The subscription outputs node by node (server/nodes/subscription-render.ts), the member's
 * password on each kind of node, and how reported IPs are read (server/nodes). Pure functions.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  renderSubscription,
  type SubscriptionNode,
  type SubscriptionOwner,
} from '../../server/nodes/subscription-render';
import { nodePassword } from '../../server/nodes/node-protocols';
import { normalizeReportedIp } from '../../server/nodes/online-ips';

const owner: SubscriptionOwner = {
  nodeUuid: '0f8e2c1a-3b4d-4e5f-8a9b-1c2d3e4f5a6b',
  upload: 1_610_612_736, // 1.5 GiB
  download: 5 * 1024 ** 3,
  expireTime: new Date('2027-03-04T05:06:07Z'),
};

const node = (over: Partial<SubscriptionNode>): SubscriptionNode => ({
  name: 'Tokyo 01',
  protocol: 'vless',
  host: 'jp1.example',
  port: 443,
  sni: 'jp1.example',
  method: null,
  serverKey: null,
  ...over,
});

const SERVER_KEY_16 = Buffer.alloc(16, 7).toString('base64');
const nodes = [
  node({ name: 'Tokyo 01' }),
  node({ name: 'Seoul 01', protocol: 'trojan', host: 'kr1.example', sni: 'cdn.kr1.example' }),
  node({
    name: 'Paris 01',
    protocol: 'ss',
    host: 'fr1.example',
    port: 8388,
    sni: null,
    method: 'aes-256-gcm',
  }),
  node({
    name: 'Berlin 2022',
    protocol: 'ss',
    host: 'de1.example',
    port: 8389,
    sni: null,
    method: '2022-blake3-aes-128-gcm',
    serverKey: SERVER_KEY_16,
  }),
];

const decode = (body: string) => Buffer.from(body, 'base64').toString('utf8');

describe('the member password on a node', () => {
  it('is the uuid, or serverKey:userKey for a 2022 cipher (user key: the uuid head, as V2bX derives it)', () => {
    expect(nodePassword({ method: null, serverKey: null }, owner.nodeUuid)).toBe(owner.nodeUuid);
    expect(nodePassword({ method: 'aes-256-gcm', serverKey: null }, owner.nodeUuid)).toBe(
      owner.nodeUuid,
    );
    const [server, user] = nodePassword(nodes[3]!, owner.nodeUuid).split(':');
    expect(server).toBe(SERVER_KEY_16);
    expect(Buffer.from(user!, 'base64').toString()).toBe(owner.nodeUuid.slice(0, 16));
    const wide = nodePassword(
      { method: '2022-blake3-aes-256-gcm', serverKey: 'K' },
      owner.nodeUuid,
    );
    expect(Buffer.from(wide.split(':')[1]!, 'base64')).toHaveLength(32);
  });
});

describe('renderSubscription', () => {
  it('v2rayN (and base64): standard share links, one per node', () => {
    const v2rayn = renderSubscription('v2rayn', nodes, owner);
    expect(renderSubscription('base64', nodes, owner)).toEqual(v2rayn);
    const lines = decode(v2rayn.body).split('\n');
    expect(lines).toHaveLength(4);
    const vless = new URL(lines[0]!);
    expect(vless.protocol).toBe('vless:');
    expect(vless.username).toBe(owner.nodeUuid);
    expect(Object.fromEntries(vless.searchParams)).toEqual({
      encryption: 'none',
      security: 'tls',
      sni: 'jp1.example',
      type: 'tcp',
      headerType: 'none',
    });
    expect(new URL(lines[1]!).searchParams.get('sni')).toBe('cdn.kr1.example');
    const ss2022 = new URL(lines[3]!);
    const [method, ...password] = Buffer.from(decodeURIComponent(ss2022.username), 'base64url')
      .toString()
      .split(':');
    expect(method).toBe('2022-blake3-aes-128-gcm');
    expect(password.join(':')).toBe(nodePassword(nodes[3]!, owner.nodeUuid));
    expect(decodeURIComponent(ss2022.hash.slice(1))).toBe('Berlin 2022');
  });

  it('Shadowrocket: its STATUS line with usage and expiry, then its own vless and trojan forms', () => {
    const lines = decode(renderSubscription('shadowrocket', nodes, owner).body).split('\r\n');
    expect(lines[0]).toBe('STATUS=🚀↑:1.5GB,↓:5GB,TOT:∞💡Expires:2027-03-04');
    const userInfo = /^vless:\/\/([^?]+)\?/.exec(lines[1]!)![1]!;
    expect(Buffer.from(userInfo, 'base64').toString()).toBe(
      `auto:${owner.nodeUuid}@jp1.example:443`,
    );
    expect(Object.fromEntries(new URLSearchParams(lines[1]!.split('?')[1]))).toEqual({
      tfo: '1',
      remark: 'Tokyo 01',
      tls: '1',
      allowInsecure: '0',
      peer: 'jp1.example',
    });
    const trojan = new URL(lines[2]!);
    expect(trojan.username).toBe(owner.nodeUuid);
    expect(trojan.searchParams.get('peer')).toBe('cdn.kr1.example');
    expect(lines[3]).toMatch(/^ss:\/\//);
    expect(lines).toHaveLength(5);
  });

  it('Clash Meta and sing-box carry the 2022 password too', () => {
    const clash = parseYaml(renderSubscription('clash', nodes, owner).body) as {
      proxies: Record<string, unknown>[];
    };
    expect(clash.proxies[3]).toMatchObject({
      type: 'ss',
      cipher: '2022-blake3-aes-128-gcm',
      password: nodePassword(nodes[3]!, owner.nodeUuid),
    });
    const singbox = JSON.parse(renderSubscription('singbox', nodes, owner).body) as {
      outbounds: Record<string, unknown>[];
    };
    expect(singbox.outbounds.find((o) => o.tag === 'Berlin 2022')).toMatchObject({
      type: 'shadowsocks',
      password: nodePassword(nodes[3]!, owner.nodeUuid),
    });
  });
});

describe('normalizeReportedIp', () => {
  it('reads bare IPs, ip:port, [v6]:port, XrayR’s ip_node and v4-mapped v6', () => {
    expect(normalizeReportedIp('203.0.113.5')).toBe('203.0.113.5');
    expect(normalizeReportedIp('203.0.113.5:51234')).toBe('203.0.113.5');
    expect(normalizeReportedIp('203.0.113.5_12')).toBe('203.0.113.5');
    expect(normalizeReportedIp('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeReportedIp('2001:db8::1_3')).toBe('2001:db8::1');
    expect(normalizeReportedIp('::ffff:198.51.100.9')).toBe('198.51.100.9');
  });

  it('anything else is no address', () => {
    for (const junk of ['', 'localhost', '999.1.1.1', '1.2.3', '<script>', '1.2.3.4:port'])
      expect(normalizeReportedIp(junk)).toBeUndefined();
  });
});
