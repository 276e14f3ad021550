/**
 * The console's store section (issue 21, item 7; docs/console.md), through the real HTTP server and
 * database: plans and their prices, promo codes, redeem batches with their audited CSV export, and
 * group-buy seat prices, hours and switch; every change audited with the values before and after;
 * bad input refused in both languages with nothing changed; a support member kept out; the step-up
 * on money actions; two concurrent creations of one code or plan applying once; and the CLI's
 * commands on the same operator functions, audited as `cli`.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Errors } from '../../contract';
import { CONSOLE_SESSION_COOKIE, consoleEndpoints } from '../../contract/endpoints/console';
import type {
  GroupBuyStore,
  RedeemBatchSummary,
  RedeemCodeDetail,
  StoreCoupon,
  StorePlan,
} from '../../contract/endpoints/console-store';
import {
  coupons,
  groupPrices,
  planPrices,
  plans,
  redeemBatches,
  redeemCodes,
  settings,
} from '../../server/db/schema';
import { as, type SignedIn, describeConsole } from './helpers/console';
import { makeUsers } from './helpers/group-buy';
import { redeemCode } from '../../server/store/redeem-codes';

const E = consoleEndpoints;

await describeConsole('the console store section', { fixedClock: true }, (t) => {
  const { clock, db } = t;
  let finance: SignedIn;
  let support: SignedIn;

  const snapshot = async () => ({
    plans: await db().select().from(plans).orderBy(plans.id),
    prices: await db().select().from(planPrices).orderBy(planPrices.planId, planPrices.currency),
    coupons: await db().select().from(coupons).orderBy(coupons.id),
    batches: (await db().select().from(redeemBatches)).length,
    codes: await db().select().from(redeemCodes).orderBy(redeemCodes.id),
    seats: await db().select().from(groupPrices),
    settings: await db().select().from(settings).orderBy(settings.key),
    audit: await t.auditCount(),
  });

  /** Signs finance in again: a fresh second factor for the step-up actions. */
  const fresh = async () => {
    finance = await t.signedInStaff(`fin_${Math.random().toString(36).slice(2, 8)}`, 'finance');
  };

  it('signs in a finance and a support member', async () => {
    finance = await t.signedInStaff('fiona', 'finance');
    support = await t.signedInStaff('sam', 'support');
  });

  it('lists the plans with their prices in minor units and seat prices', async () => {
    const answer = await t.consoleCall<{ plans: StorePlan[] }>(
      E.consoleStorePlans,
      {},
      as(finance),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    const p104 = answer.body.data.plans.find((p) => p.id === 104)!;
    expect(p104).toMatchObject({ groupType: 1, months: 12, durationDays: 365, active: true });
    expect(p104.prices).toEqual([
      { currency: 'CNY', amount: 28800 },
      { currency: 'USD', amount: 4799 },
    ]);
  });

  it('adds a plan and sets a price, audited with before and after', async () => {
    const added = await t.consoleCall<{ plan: StorePlan }>(
      E.consoleStorePlanAdd,
      {
        id: 105,
        groupType: 1,
        months: 24,
        devices: 5,
        prices: [{ currency: 'CNY', amount: 52800 }],
      },
      as(finance),
    );
    expect(added.body.code, added.body.msg).toBe(200);
    expect(added.body.data.plan).toMatchObject({
      id: 105,
      durationDays: 730,
      sort: 24,
      active: true,
    });
    expect(await t.lastAudit('plan.add')).toMatchObject({
      actorKind: 'staff',
      actorUsername: 'fiona',
      target: 'plan:105',
    });

    const priced = await t.consoleCall<{ plan: StorePlan }>(
      E.consoleStorePlanPrice,
      { planId: 105, currency: 'usd', amount: 8999 },
      as(finance),
    );
    expect(priced.body.code, priced.body.msg).toBe(200);
    expect(priced.body.data.plan.prices).toContainEqual({ currency: 'USD', amount: 8999 });
    const entry = await t.lastAudit('plan.price');
    expect(entry?.before).toEqual({ currency: 'USD', amount: null });
    expect(entry?.after).toEqual({ currency: 'USD', amount: 8999 });

    const off = await t.consoleCall<{ plan: StorePlan }>(
      E.consoleStorePlanActive,
      { planId: 105, active: false },
      as(finance),
    );
    expect(off.body.data.plan.active).toBe(false);
    expect((await t.lastAudit('plan.disable'))?.before).toEqual({ active: true });
  });

  it('refuses bad input with the translated error and changes nothing', async () => {
    const before = await snapshot();
    const cases: [keyof typeof E, Record<string, unknown>, { code: number; zh: string }][] = [
      [
        'consoleStorePlanAdd',
        { id: 106, groupType: 1, months: 0, devices: 5, prices: [{ currency: 'CNY', amount: 1 }] },
        { code: Errors.PLAN_TERMS_INVALID.code, zh: Errors.PLAN_TERMS_INVALID.zh_CN },
      ],
      [
        'consoleStorePlanAdd',
        { id: 101, groupType: 1, months: 36, devices: 5, prices: [{ currency: 'CNY', amount: 1 }] },
        { code: Errors.PLAN_EXISTS.code, zh: Errors.PLAN_EXISTS.zh_CN },
      ],
      [
        'consoleStorePlanPrice',
        { planId: 101, currency: 'EUR', amount: 100 },
        { code: Errors.CURRENCY_INVALID.code, zh: Errors.CURRENCY_INVALID.zh_CN },
      ],
      [
        'consoleStorePlanPrice',
        { planId: 101, currency: 'CNY', amount: 0 },
        { code: Errors.PRICE_INVALID.code, zh: Errors.PRICE_INVALID.zh_CN },
      ],
      [
        'consoleStorePlanPrice',
        { planId: 999, currency: 'CNY', amount: 100 },
        { code: Errors.PLAN_NOT_FOUND.code, zh: Errors.PLAN_NOT_FOUND.zh_CN },
      ],
      [
        'consoleStoreCouponCreate',
        { code: 'BAD', percent: 150 },
        {
          code: Errors.STORE_COUPON_PERCENT_INVALID.code,
          zh: Errors.STORE_COUPON_PERCENT_INVALID.zh_CN,
        },
      ],
      [
        'consoleStoreCouponCreate',
        { code: 'BAD', amount: 500 },
        {
          code: Errors.STORE_COUPON_AMOUNT_INVALID.code,
          zh: Errors.STORE_COUPON_AMOUNT_INVALID.zh_CN,
        },
      ],
      [
        'consoleStoreCouponCreate',
        { code: 'x', percent: 10 },
        { code: Errors.STORE_COUPON_CODE_INVALID.code, zh: Errors.STORE_COUPON_CODE_INVALID.zh_CN },
      ],
      [
        'consoleStoreCouponCreate',
        { code: 'welcome10', percent: 10 },
        { code: Errors.STORE_COUPON_EXISTS.code, zh: Errors.STORE_COUPON_EXISTS.zh_CN },
      ],
      [
        'consoleStoreCouponCreate',
        { code: 'NEWONE', percent: 10, planIds: [101, 999] },
        {
          code: Errors.STORE_COUPON_PLANS_INVALID.code,
          zh: Errors.STORE_COUPON_PLANS_INVALID.zh_CN,
        },
      ],
      [
        'consoleStoreCouponCreate',
        {
          code: 'NEWONE',
          percent: 10,
          startsAt: '2027-03-01T00:00:00Z',
          endsAt: '2027-02-01T00:00:00Z',
        },
        { code: Errors.STORE_DATES_INVALID.code, zh: Errors.STORE_DATES_INVALID.zh_CN },
      ],
      [
        'consoleStoreCouponActive',
        { code: 'NOPE', active: false },
        { code: Errors.STORE_COUPON_NOT_FOUND.code, zh: Errors.STORE_COUPON_NOT_FOUND.zh_CN },
      ],
      [
        'consoleStoreRedeemBatchCreate',
        { count: 0, groupType: 1, days: 30 },
        { code: Errors.REDEEM_BATCH_INVALID.code, zh: Errors.REDEEM_BATCH_INVALID.zh_CN },
      ],
      [
        'consoleStoreRedeemBatchCreate',
        { count: 2, planId: 104, days: 30 },
        { code: Errors.REDEEM_BATCH_INVALID.code, zh: Errors.REDEEM_BATCH_INVALID.zh_CN },
      ],
      [
        'consoleStoreRedeemBatchCreate',
        { count: 2, groupType: 1, days: 30, expiresAt: '2020-01-01T00:00:00Z' },
        { code: Errors.STORE_DATES_INVALID.code, zh: Errors.STORE_DATES_INVALID.zh_CN },
      ],
      [
        'consoleStoreRedeemDisable',
        { code: 'AAAA-BBBB-CCCC-DDDD' },
        { code: Errors.REDEEM_CODE_NOT_FOUND.code, zh: Errors.REDEEM_CODE_NOT_FOUND.zh_CN },
      ],
      [
        'consoleStoreGroupPrice',
        { planId: 104, size: 4, currency: 'CNY', amount: 100 },
        { code: Errors.GROUP_PRICE_INVALID.code, zh: Errors.GROUP_PRICE_INVALID.zh_CN },
      ],
      [
        'consoleStoreGroupHours',
        { hours: 721 },
        { code: Errors.GROUP_HOURS_INVALID.code, zh: Errors.GROUP_HOURS_INVALID.zh_CN },
      ],
    ];
    for (const [name, input, expected] of cases) {
      const answer = await t.consoleCall(E[name], input, as(finance, 'zh_CN'));
      expect(answer.body.code, `${name} ${JSON.stringify(input)}`).toBe(expected.code);
      expect(answer.body.msg).toBe(expected.zh);
    }
    const english = await t.consoleCall(E.consoleStoreGroupHours, { hours: 0 }, as(finance, 'en'));
    expect(english.body.msg).toBe(Errors.GROUP_HOURS_INVALID.en);
    expect(await snapshot()).toEqual(before);
  });

  it('creates a promo code, lists it with its uses, disables and enables it', async () => {
    const created = await t.consoleCall<{ coupon: StoreCoupon }>(
      E.consoleStoreCouponCreate,
      {
        code: 'spring 26',
        percent: 15,
        planIds: [103, 104],
        maxUses: 100,
        perUser: 2,
        endsAt: '2027-06-01T00:00:00Z',
      },
      as(finance),
    );
    expect(created.body.code, created.body.msg).toBe(200);
    expect(created.body.data.coupon).toMatchObject({
      code: 'SPRING26',
      kind: 'percent',
      percentOff: 15,
      planIds: [103, 104],
      maxUses: 100,
      usedCount: 0,
      perUserLimit: 2,
      active: true,
    });
    expect((await t.lastAudit('coupon.create'))?.after).toMatchObject({
      code: 'SPRING26',
      percentOff: 15,
    });
    const fixed = await t.consoleCall<{ coupon: StoreCoupon }>(
      E.consoleStoreCouponCreate,
      { code: 'USD5', amount: 500, currency: 'USD' },
      as(finance),
    );
    expect(fixed.body.data.coupon).toMatchObject({
      kind: 'fixed',
      amountOff: 500,
      currency: 'USD',
    });

    const listed = await t.consoleCall<{ coupons: StoreCoupon[] }>(
      E.consoleStoreCoupons,
      {},
      as(finance),
    );
    expect(listed.body.data.coupons.map((c) => c.code)).toEqual(
      expect.arrayContaining(['WELCOME10', 'SPRING26', 'USD5']),
    );

    const off = await t.consoleCall<{ coupon: StoreCoupon }>(
      E.consoleStoreCouponActive,
      { code: 'spring26', active: false },
      as(finance),
    );
    expect(off.body.data.coupon.active).toBe(false);
    expect(await t.lastAudit('coupon.disable')).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    const on = await t.consoleCall<{ coupon: StoreCoupon }>(
      E.consoleStoreCouponActive,
      { code: 'SPRING26', active: true },
      as(finance),
    );
    expect(on.body.data.coupon.active).toBe(true);
  });

  it('makes a redeem batch, lists its counts, exports its codes as CSV (audited), disables a code', async () => {
    const made = await t.consoleCall<{ batch: RedeemBatchSummary }>(
      E.consoleStoreRedeemBatchCreate,
      { count: 5, groupType: 2, days: 7, uses: 3, note: 'forum giveaway' },
      as(finance),
    );
    expect(made.body.code, made.body.msg).toBe(200);
    const batch = made.body.data.batch;
    expect(batch).toMatchObject({
      codes: 5,
      unused: 5,
      used: 0,
      disabled: 0,
      uses: 15,
      groupType: 2,
      days: 7,
      note: 'forum giveaway',
    });
    expect(JSON.stringify(made.body)).not.toMatch(/[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-/);
    const batchAudit = await t.lastAudit('redeem.batch');
    expect(batchAudit?.after).toMatchObject({ count: 5, groupType: 2, days: 7, uses: 3 });

    const exported = await t.app.inject({
      method: 'GET',
      url: E.consoleStoreRedeemExport.path,
      query: { batchId: String(batch.id) },
      headers: { cookie: `${CONSOLE_SESSION_COOKIE}=${finance.cookie}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="redeem-batch-${batch.id}.csv"`,
    );
    expect(exported.headers['cache-control']).toBe('no-store');
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe('code,group,days,plan,uses,used,expires_at,disabled');
    expect(lines).toHaveLength(6);
    const stored = await db().select().from(redeemCodes).where(eq(redeemCodes.batchId, batch.id));
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(stored.map((c) => c.code).sort());
    const exportAudit = await t.lastAudit('redeem.export');
    expect(exportAudit).toMatchObject({
      actorUsername: 'fiona',
      target: `redeem-batch:${batch.id}`,
    });
    expect(JSON.stringify(exportAudit)).not.toContain(stored[0]!.code);

    const one = stored[0]!.code;
    // Support's question "who used this code?": looked up as typed, before and after two members
    // redeem it (it allows 3 uses).
    const fresh = await t.consoleCall<{ code: RedeemCodeDetail }>(
      E.consoleStoreRedeemCode,
      { code: ` ${one.toLowerCase()} ` },
      as(finance),
    );
    expect(fresh.body.code, fresh.body.msg).toBe(200);
    expect(fresh.body.data.code).toMatchObject({
      code: one,
      batchId: batch.id,
      batchNote: 'forum giveaway',
      groupType: 2,
      days: 7,
      planId: null,
      maxUses: 3,
      usedCount: 0,
      disabled: false,
      redemptions: [],
    });
    const [first, second] = await makeUsers(db(), 2);
    await redeemCode(db(), first!.userId, one, 100, new Date(clock.now()));
    await redeemCode(db(), second!.userId, one.replace(/-/g, ''), 100, new Date(clock.now()));
    const redeemed = await t.consoleCall<{ code: RedeemCodeDetail }>(
      E.consoleStoreRedeemCode,
      { code: one },
      as(finance),
    );
    expect(redeemed.body.data.code.usedCount).toBe(2);
    expect(redeemed.body.data.code.redemptions.map((r) => r.userId)).toEqual([
      second!.userId,
      first!.userId,
    ]);
    for (const [input, expected] of [
      [{ code: 'AAAA-BBBB-CCCC-DDDD' }, Errors.REDEEM_CODE_NOT_FOUND],
      [{ code: '' }, Errors.REDEEM_CODE_NOT_FOUND],
    ] as const) {
      const refused = await t.consoleCall(E.consoleStoreRedeemCode, input, as(finance, 'zh_CN'));
      expect(refused.body.code).toBe(expected.code);
      expect(refused.body.msg).toBe(expected.zh_CN);
    }
    const kept = await t.consoleCall(E.consoleStoreRedeemCode, { code: one }, as(support));
    expect(kept.body.code).toBe(Errors.CONSOLE_FORBIDDEN.code);

    const disabled = await t.consoleCall(
      E.consoleStoreRedeemDisable,
      { code: one.toLowerCase().replace(/-/g, ' ') },
      as(finance),
    );
    expect(disabled.body.code, disabled.body.msg).toBe(200);
    expect(JSON.stringify(await t.lastAudit('redeem.disable'))).not.toContain(one);
    const listed = await t.consoleCall<{ batches: RedeemBatchSummary[] }>(
      E.consoleStoreRedeemBatches,
      {},
      as(finance),
    );
    expect(listed.body.data.batches[0]).toMatchObject({
      id: batch.id,
      unused: 4,
      used: 1,
      disabled: 1,
      redemptions: 2,
    });
    const found = await t.consoleCall<{ code: RedeemCodeDetail }>(
      E.consoleStoreRedeemCode,
      { code: one },
      as(finance),
    );
    expect(found.body.data.code).toMatchObject({ disabled: true, usedCount: 2 });

    const missing = await t.consoleCall(
      E.consoleStoreRedeemExport,
      { batchId: 999_999 },
      as(finance),
    );
    expect(missing.body.code).toBe(Errors.REDEEM_BATCH_NOT_FOUND.code);
  });

  it('sets and removes a seat price, the hours and the switch, audited', async () => {
    const set = await t.consoleCall<GroupBuyStore>(
      E.consoleStoreGroupPrice,
      { planId: 104, size: 2, currency: 'CNY', amount: 24000 },
      as(finance),
    );
    expect(set.body.code, set.body.msg).toBe(200);
    expect(set.body.data.prices).toContainEqual({
      planId: 104,
      size: 2,
      currency: 'CNY',
      amount: 24000,
    });
    expect((await t.lastAudit('group-buy.price'))?.after).toEqual({
      size: 2,
      currency: 'CNY',
      amount: 24000,
    });
    const removed = await t.consoleCall<GroupBuyStore>(
      E.consoleStoreGroupPrice,
      { planId: 104, size: 3, currency: 'USD', amount: null },
      as(finance),
    );
    expect(
      removed.body.data.prices.some(
        (p) => p.planId === 104 && p.size === 3 && p.currency === 'USD',
      ),
    ).toBe(false);
    expect((await t.lastAudit('group-buy.price-remove'))?.after).toEqual({
      size: 3,
      currency: 'USD',
      amount: null,
    });

    const hours = await t.consoleCall<GroupBuyStore>(
      E.consoleStoreGroupHours,
      { hours: 48 },
      as(finance),
    );
    expect(hours.body.data.hours).toBe(48);
    expect(await t.lastAudit('group-buy.hours')).toMatchObject({
      before: { hours: 24 },
      after: { hours: 48 },
    });
    const off = await t.consoleCall<GroupBuyStore>(
      E.consoleStoreGroupEnabled,
      { enabled: false },
      as(finance),
    );
    expect(off.body.data.enabled).toBe(false);
    expect(await t.lastAudit('group-buy.disable')).toMatchObject({ before: { enabled: true } });
    const on = await t.consoleCall<GroupBuyStore>(
      E.consoleStoreGroupEnabled,
      { enabled: true },
      as(finance),
    );
    expect(on.body.data).toMatchObject({ enabled: true, hours: 48 });
  });

  it('asks a fresh second factor for money actions', async () => {
    const before = await snapshot();
    clock.advance(6 * 60_000);
    const answer = await t.consoleCall(
      E.consoleStorePlanPrice,
      { planId: 101, currency: 'CNY', amount: 1 },
      as(finance),
    );
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
    expect(await snapshot()).toEqual(before);
    await fresh();
  });

  it('keeps a support member out', async () => {
    const before = await snapshot();
    for (const [endpoint, input] of [
      [E.consoleStorePlans, {}],
      [E.consoleStoreCouponCreate, { code: 'SUPPORT1', percent: 10 }],
      [E.consoleStoreGroupHours, { hours: 5 }],
      [E.consoleStoreRedeemExport, { batchId: 1 }],
    ] as const) {
      const answer = await t.consoleCall(endpoint, input, as(support));
      expect(answer.status, endpoint.path).toBe(403);
      expect(answer.body.code).toBe(Errors.CONSOLE_FORBIDDEN.code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates one code and one plan when two requests race for them', async () => {
    const audit = await t.auditCount();
    const codes = await Promise.all(
      [1, 2].map(() =>
        t.consoleCall(E.consoleStoreCouponCreate, { code: 'RACE1', percent: 5 }, as(finance)),
      ),
    );
    expect(codes.map((a) => a.body.code).sort()).toEqual([200, Errors.STORE_COUPON_EXISTS.code]);
    expect(await db().select().from(coupons).where(eq(coupons.code, 'RACE1'))).toHaveLength(1);
    const added = await Promise.all(
      [107, 108].map((id) =>
        t.consoleCall(
          E.consoleStorePlanAdd,
          { id, groupType: 2, months: 24, devices: 2, prices: [{ currency: 'USD', amount: 4999 }] },
          as(finance),
        ),
      ),
    );
    expect(added.map((a) => a.body.code).sort()).toEqual([200, Errors.PLAN_EXISTS.code]);
    expect(await db().select().from(plans).where(eq(plans.months, 24))).toHaveLength(2);
    expect(await t.auditCount()).toBe(audit + 2);
  });

  it('runs the CLI on the same operator functions, audited as cli', async () => {
    const priced = await t.runCli(['plans', 'set-price', '101', 'CNY', '3200']);
    expect(priced.code, priced.err.join('\n')).toBe(0);
    expect(priced.out[0]).toBe(
      'plan 101 CNY: 30.00 CNY -> 32.00 CNY (orders already placed keep their price)',
    );
    expect(await t.lastAudit('plan.price')).toMatchObject({
      actorKind: 'cli',
      before: { amount: 3000 },
    });
    const coupon = await t.runCli(['coupons', 'create', '--code', 'CLI10', '--percent', '10']);
    expect(coupon.code).toBe(0);
    expect((await t.lastAudit('coupon.create'))?.actorKind).toBe('cli');
    const batch = await t.runCli(['redeem', 'batch', '--count', '2', '--product', '104']);
    expect(batch.code).toBe(0);
    expect(batch.out).toHaveLength(2);
    expect((await t.lastAudit('redeem.batch'))?.actorKind).toBe('cli');
    const shown = await t.runCli(['redeem', 'show', batch.out[0]!.toLowerCase()]);
    expect(shown.code, shown.err.join('\n')).toBe(0);
    expect(shown.out[0]).toMatch(/^code\s+batch\s+worth\s+days\s+used\s+expires\s+state$/);
    expect(shown.out[1]).toMatch(
      new RegExp(`^${batch.out[0]}\\s+\\d+\\s+product 104\\s+365\\s+0/1\\s+-\\s+active$`),
    );
    expect(shown.out[2]).toBe('0 redemptions');
    const unknown = await t.runCli(['redeem', 'show', 'AAAA-BBBB-CCCC-DDDD']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.err.join('\n')).toContain('no redeem code AAAA-BBBB-CCCC-DDDD');
    const hours = await t.runCli(['group-buy', 'hours', '12']);
    expect(hours.out[0]).toBe('an open group lasts 12 hours');
    expect(await t.lastAudit('group-buy.hours')).toMatchObject({
      actorKind: 'cli',
      after: { hours: 12 },
    });
    const missing = await t.runCli([
      'group-buy',
      'set-price',
      '--plan',
      '999',
      '--size',
      '2',
      '--currency',
      'CNY',
      '--amount',
      '100',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.err.join('\n')).toContain('no plan 999');
  });
});
