/**
 * Demo data of the account area, seeded with the demo user (SEED_DEMO): a few VPN nodes for the
 * subscription output and the yearly-plan benefits. Only into empty tables, so operator edits stay.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { benefits, vpnNodes } from '../db/schema';

export const DEMO_NODES = [
  {
    name: 'Hong Kong 01',
    protocol: 'vless',
    host: 'hk1.nodes.kestrel.example',
    port: 443,
    sni: 'hk1.nodes.kestrel.example',
    method: null,
    sort: 1,
  },
  {
    name: 'Tokyo 01',
    protocol: 'trojan',
    host: 'jp1.nodes.kestrel.example',
    port: 443,
    sni: 'jp1.nodes.kestrel.example',
    method: null,
    sort: 2,
  },
  {
    name: 'Singapore 01',
    protocol: 'ss',
    host: 'sg1.nodes.kestrel.example',
    port: 8388,
    sni: null,
    method: 'chacha20-ietf-poly1305',
    sort: 3,
  },
  {
    name: 'Los Angeles 01',
    protocol: 'vless',
    host: 'us1.nodes.kestrel.example',
    port: 8443,
    sni: 'us1.nodes.kestrel.example',
    method: null,
    sort: 4,
  },
] as const;

export const DEMO_BENEFITS = [
  {
    title: 'Streaming partner account',
    description: 'A shared premium streaming account for yearly members.',
    titleZh: '合作流媒体账号',
    descriptionZh: '年付会员共享的高级流媒体账号。',
    account: 'kestrel-yearly@partner.example',
    password: 'Yearly-Perk-2026',
    link: 'https://partner.example/login',
    sort: 1,
  },
] as const;

async function isEmpty(db: Db, table: typeof vpnNodes | typeof benefits): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

export async function seedAccountAreaDemo(db: Db): Promise<void> {
  if (await isEmpty(db, vpnNodes))
    await db
      .insert(vpnNodes)
      .values(DEMO_NODES.map((n) => ({ ...n })))
      .onConflictDoNothing();
  if (await isEmpty(db, benefits))
    await db.insert(benefits).values(DEMO_BENEFITS.map((b) => ({ ...b })));
}
