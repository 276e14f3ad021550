/**
 * The operator CLI: its commands run against PGlite with the demo plans, checked for their output
 * and their effect on the database; bad arguments print the usage, exit 2 and change nothing. One
 * run of the real `npm run admin` script proves the wiring (config, database, exit code).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { USAGE, runAdmin } from '../../server/admin/cli';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import {
  coupons,
  orders,
  paymentFlags,
  planPrices,
  plans,
  redeemCodes,
  users,
} from '../../server/db/schema';
import { seedDemoPlans } from '../../server/store/seed-plans';

const run = promisify(execFile);

let database: Database;
const db = () => database.db;

interface Ran {
  code: number;
  out: string[];
  err: string[];
}

async function admin(line: string | string[]): Promise<Ran> {
  const argv = Array.isArray(line) ? line : line.split(' ').filter((a) => a !== '');
  const ran: Ran = { code: -1, out: [], err: [] };
  ran.code = await runAdmin(argv, {
    io: { out: (l) => ran.out.push(l), err: (l) => ran.err.push(l) },
    now: () => new Date(),
    openDb: async () => db(),
    backupDir: join(tmpdir(), 'kestrel-store-admin-backups'),
    // Refunds through the gateways are tests/server/console-orders.test.ts's (the same command).
    gateways: () => Promise.reject(new Error('no gateways here')),
  });
  return ran;
}

/** A snapshot of everything the CLI can change. */
async function state() {
  const [p, pp, c, r, o, f] = await Promise.all([
    db().select().from(plans).orderBy(plans.id),
    db().select().from(planPrices).orderBy(planPrices.planId, planPrices.currency),
    db().select().from(coupons).orderBy(coupons.id),
    db().select().from(redeemCodes).orderBy(redeemCodes.id),
    db().select().from(orders).orderBy(orders.id),
    db().select().from(paymentFlags).orderBy(paymentFlags.id),
  ]);
  return JSON.stringify({ p, pp, c, r, o, f });
}

async function makeOrder(status: 'pending' | 'paid', expiresAt = new Date(Date.now() + 60_000)) {
  const [user] = await db()
    .insert(users)
    .values({ username: `admin_${Math.random().toString(36).slice(2)}` })
    .returning();
  const orderNo = `K20261122${Math.random().toString(36).slice(2, 12).toUpperCase().padEnd(10, 'X')}`;
  await db().insert(orders).values({
    orderNo,
    userId: user!.id,
    idempotencyKey: orderNo,
    planId: 104,
    groupType: 1,
    months: 12,
    durationDays: 365,
    maxDevices: 5,
    method: 'alipay',
    gateway: 'sandbox',
    currency: 'CNY',
    subtotal: 28800,
    total: 28800,
    status,
    expiresAt,
  });
  return orderNo;
}

beforeAll(async () => {
  database = await openDatabase('memory://', tmpdir());
  await migrate(database.db);
  await seedDemoPlans(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('admin CLI: usage', () => {
  let before: string;
  beforeEach(async () => {
    before = await state();
  });

  it.each([
    '',
    'nothing',
    'plans',
    'plans drop 101',
    'plans set-price',
    'plans set-price 101 EUR 100',
    'plans set-price 101 CNY 0',
    'plans set-price 101 CNY 12.5',
    'plans set-price 101 CNY 100 extra',
    'plans add --id 105 --group 3 --months 24 --devices 5 --cny 100',
    'plans add --id 105 --group 1 --months 24 --devices 5',
    'coupons create --code X1 --percent 10',
    'coupons create --code SPRING --percent 101',
    'coupons create --code SPRING --percent 10 --amount 100 --currency CNY',
    'coupons create --code SPRING --amount 100',
    'coupons create --code SPRING --percent 10 --currency CNY',
    'coupons create --code SPRING --percent 10 --starts 2027-02-01 --ends 2027-01-01',
    'coupons create --code SPRING --percent 10 --ends tomorrow',
    'coupons create --code SPRING --percent 10 --plans 101,abc',
    'coupons create --code SPRING --percent 10 --colour red',
    'redeem batch --count 5',
    'redeem batch --count 0 --group 1 --days 30',
    'redeem batch --count 5 --product 101 --days 30',
    'redeem batch --count 5 --group 1 --days 30 --uses',
    'orders list --status lost',
    'orders list --user 9999999999',
    'group-buy prices --plan 9999999999',
    'orders refund',
    'orders refund K20990101NOTANORDER',
    'orders refund K20990101NOTANORDER --manual --reason',
    'orders resolve-flag x --reason Checked',
    'orders resolve-flag 1',
  ])('"%s" prints the usage, exits 2 and changes nothing', async (line) => {
    const ran = await admin(line);
    expect(ran.code).toBe(2);
    expect(ran.err.at(-1)).toBe(USAGE);
    expect(ran.out).toEqual([]);
    expect(await state()).toBe(before);
  });

  it.each([
    ['plans set-price 999 CNY 100', 'no plan 999'],
    ['plans disable 999', 'no plan 999'],
    ['plans add --id 101 --group 1 --months 24 --devices 5 --cny 100', 'exists'],
    ['plans add --id 105 --group 1 --months 12 --devices 5 --cny 100', 'exists'],
    ['coupons create --code welcome10 --percent 5', 'coupon WELCOME10 exists'],
    ['coupons create --code SPRING --percent 5 --plans 101,999', 'no plan 999'],
    ['coupons disable NOPE', 'no coupon NOPE'],
    ['redeem batch --count 2 --product 999', 'no plan 999'],
    ['redeem batch --count 2 --group 1 --days 30 --expires 2020-01-01', 'in the past'],
    ['redeem disable AAAA-BBBB-CCCC-DDDD', 'no redeem code'],
    ['orders refund K20990101NOTANORDER --reason Mistaken', 'Order not found.'],
    ['orders resolve-flag 999999 --reason Checked', 'There is no open flag with this number.'],
    ['orders resolve-flag 1 --reason ok', 'Please give a reason (at least 3 characters)'],
  ])('"%s" fails with exit 1, says why and changes nothing', async (line, why) => {
    const ran = await admin(line);
    expect(ran.code).toBe(1);
    expect(ran.err.join('\n')).toContain(why);
    expect(await state()).toBe(before);
  });
});

describe('admin CLI: plans', () => {
  it('lists the plans with prices in major units', async () => {
    const ran = await admin('plans list');
    expect(ran.code).toBe(0);
    expect(ran.out[0]).toMatch(/^id\s+group\s+months\s+days\s+devices\s+CNY\s+USD/);
    expect(ran.out).toHaveLength(9);
    expect(ran.out.find((l) => l.startsWith('104'))).toMatch(
      /^104\s+standard\s+12\s+365\s+5\s+288\.00 CNY\s+47\.99 USD\s+yes\s+yes$/,
    );
  });

  it('sets a price, disables and enables a plan, adds one', async () => {
    expect((await admin('plans set-price 101 cny 3200')).out[0]).toBe(
      'plan 101 CNY: 30.00 CNY -> 32.00 CNY (orders already placed keep their price)',
    );
    const [price] = await db()
      .select()
      .from(planPrices)
      .where(sql`${planPrices.planId} = 101 AND ${planPrices.currency} = 'CNY'`);
    expect(price!.amount).toBe(3200);

    expect((await admin('plans disable 202')).code).toBe(0);
    expect((await db().select().from(plans).where(eq(plans.id, 202)))[0]!.active).toBe(false);
    expect((await admin('plans enable 202')).code).toBe(0);
    expect((await db().select().from(plans).where(eq(plans.id, 202)))[0]!.active).toBe(true);

    const added = await admin(
      'plans add --id 105 --group standard --months 24 --devices 6 --cny 52800 --usd 8999',
    );
    expect(added.code).toBe(0);
    const [plan] = await db().select().from(plans).where(eq(plans.id, 105));
    expect(plan).toMatchObject({
      groupType: 1,
      months: 24,
      durationDays: 730,
      maxDevices: 6,
      active: true,
    });
    expect(await db().select().from(planPrices).where(eq(planPrices.planId, 105))).toHaveLength(2);

    // Seeding again (every start with SEED_DEMO) adds nothing and keeps the operator's edits.
    const before = await state();
    await seedDemoPlans(db());
    expect(await state()).toBe(before);
  });
});

describe('admin CLI: coupons', () => {
  it('creates percent and fixed codes with limits and windows, lists, disables', async () => {
    const percent = await admin(
      'coupons create --code spring-26 --percent 15 --plans 103,104 --max-uses 100 --per-user 2 --starts 2026-01-01 --ends 2027-01-01T00:00:00Z',
    );
    expect(percent.code).toBe(0);
    expect(percent.out[0]).toBe('created SPRING-26: 15% off, plans 103,104, 100 uses, 2 per user');
    const [row] = await db().select().from(coupons).where(eq(coupons.code, 'SPRING-26'));
    expect(row).toMatchObject({
      kind: 'percent',
      percentOff: 15,
      planIds: [103, 104],
      maxUses: 100,
      perUserLimit: 2,
      active: true,
    });
    expect(row!.endsAt!.toISOString()).toBe('2027-01-01T00:00:00.000Z');

    const fixed = await admin('coupons create --code USD5 --amount 500 --currency usd');
    expect(fixed.out[0]).toBe('created USD5: 5.00 USD off, plans all, unlimited uses, 1 per user');

    const list = await admin('coupons list');
    expect(list.out.find((l) => l.startsWith('SPRING-26'))).toMatch(
      /^SPRING-26\s+15%\s+103,104\s+0\/100\s+2\s+2026-01-01T00:00:00Z\s+2027-01-01T00:00:00Z\s+yes$/,
    );
    expect(list.out.find((l) => l.startsWith('USD5'))).toMatch(/5\.00 USD\s+all\s+0\/∞/);

    expect((await admin('coupons disable spring-26')).code).toBe(0);
    const [off] = await db().select().from(coupons).where(eq(coupons.code, 'SPRING-26'));
    expect(off!.active).toBe(false);
  });
});

describe('admin CLI: redeem codes', () => {
  it('prints a batch of unique codes and stores them; lists batches; disables a code', async () => {
    const ran = await admin([
      'redeem',
      'batch',
      '--count',
      '25',
      '--group',
      '2',
      '--days',
      '7',
      '--uses',
      '3',
      '--note',
      'forum giveaway',
    ]);
    expect(ran.code).toBe(0);
    expect(ran.out).toHaveLength(25);
    expect(new Set(ran.out).size).toBe(25);
    for (const code of ran.out) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    // Counted in plain English, never "code(s)" (issue 11 item 10).
    expect(ran.err[0]).toMatch(/^batch \d+: 25 codes, lite 7 days, 3 uses each/);
    const [stored] = await db().select().from(redeemCodes).where(eq(redeemCodes.code, ran.out[0]!));
    expect(stored).toMatchObject({ groupType: 2, durationDays: 7, maxUses: 3, planId: null });

    const plan = await admin('redeem batch --count 1 --product 104 --expires 2099-01-01');
    const [forPlan] = await db()
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.code, plan.out[0]!));
    expect(forPlan).toMatchObject({ groupType: 1, durationDays: 365, planId: 104, maxUses: 1 });

    const batches = await admin('redeem batches');
    expect(batches.out.some((l) => /\s25\s+0\/75\s+forum giveaway$/.test(l))).toBe(true);

    const typed = ran.out[1]!.toLowerCase().replaceAll('-', ' ');
    expect((await admin(['redeem', 'disable', typed])).code).toBe(0);
    const [disabled] = await db()
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.code, ran.out[1]!));
    expect(disabled!.disabled).toBe(true);
  });
});

describe('admin CLI: orders', () => {
  it('lists orders with filters, expires overdue ones, refuses to refund an unpaid order', async () => {
    const pending = await makeOrder('pending');
    const overdue = await makeOrder('pending', new Date(Date.now() - 1000));
    const paid = await makeOrder('paid');

    const list = await admin('orders list --status paid');
    expect(list.out[0]).toMatch(/^order\s+created\s+user\s+product\s+total/);
    expect(list.out.some((l) => l.startsWith(paid))).toBe(true);
    expect(list.out.some((l) => l.startsWith(pending))).toBe(false);
    expect(list.out.find((l) => l.startsWith(paid))).toMatch(/104 \(standard 12m\)\s+288\.00 CNY/);

    const expired = await admin('orders expire');
    expect(expired.out[0]).toContain(overdue);
    expect(expired.out[0]).not.toContain(pending);
    expect((await db().select().from(orders).where(eq(orders.orderNo, overdue)))[0]!.status).toBe(
      'expired',
    );

    const refusal = await admin(['orders', 'refund', pending, '--reason', 'Customer asked']);
    expect(refusal.code).toBe(1);
    expect(refusal.err[0]).toBe('error: Only a paid order can be refunded.');
    expect((await db().select().from(orders).where(eq(orders.orderNo, pending)))[0]!.status).toBe(
      'pending',
    );
  });

  it('lists open payment flags and resolves one', async () => {
    const paid = await makeOrder('paid');
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, paid));
    const [flag] = await db()
      .insert(paymentFlags)
      .values({
        orderId: order!.id,
        gateway: 'sandbox',
        tradeNo: 'T-1',
        reason: 'paid_after_expiry',
        details: { late: true },
      })
      .returning();
    const open = await admin('orders flags');
    const line = open.out.find((l) => l.startsWith(String(flag!.id)));
    expect(line).toMatch(new RegExp(`${paid}\\s+sandbox\\s+T-1\\s+paid_after_expiry\\s+-`));
    const resolved = await admin([
      'orders',
      'resolve-flag',
      String(flag!.id),
      '--reason',
      'Checked',
    ]);
    expect(resolved.code, resolved.err.join('\n')).toBe(0);
    expect(resolved.out).toEqual([`flag ${flag!.id} resolved`]);
    expect((await admin('orders flags')).out.some((l) => l.startsWith(`${flag!.id} `))).toBe(false);
    expect((await admin('orders flags --all')).out.some((l) => l.startsWith(`${flag!.id} `))).toBe(
      true,
    );
  });
});

describe('admin CLI: the npm script', () => {
  it('runs on DATA_DIR like the server: lists plans (exit 0); a bad command exits 2', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    try {
      const created = await run(
        'npx',
        ['tsx', 'scripts/admin.ts', 'coupons', 'create', '--code', 'CLI10', '--percent', '10'],
        { env },
      );
      expect(created.stdout).toContain('created CLI10');
      const listed = await run('npx', ['tsx', 'scripts/admin.ts', 'coupons', 'list'], { env });
      expect(listed.stdout).toMatch(/^CLI10\s+10%/m);
      const bad = await run('npx', ['tsx', 'scripts/admin.ts', 'plans', 'explode'], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('usage: npm run admin -- <command>');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
