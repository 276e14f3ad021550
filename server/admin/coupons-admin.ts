/** `coupons list | create | disable | enable` (docs/store.md, operator commands). */
import { asc, eq, inArray } from 'drizzle-orm';
import { isUniqueViolation } from '../db/database';
import { coupons, plans } from '../db/schema';
import { normaliseCouponCode } from '../store/coupons';
import { AdminError, Args, UsageError, parseCurrency, positional } from './args';
import type { AdminCommand } from './context';
import { isoOrDash, money, table } from './format';

export const COUPONS_USAGE = [
  'coupons list',
  'coupons create --code <CODE> (--percent <1-100> | --amount <minor units> --currency CNY|USD)',
  '               [--plans 101,102] [--max-uses <n>] [--per-user <n>] [--starts <ISO>] [--ends <ISO>]',
  'coupons disable <CODE>    coupons enable <CODE>',
];

const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

function parseCode(value: string, what: string): string {
  const code = normaliseCouponCode(value);
  if (!CODE_PATTERN.test(code))
    throw new UsageError(`${what} must be 3 to 32 letters, digits, "_" or "-"`);
  return code;
}

export function parseCouponsCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'list': {
      new Args(rest).done(0);
      return async ({ db, io }) => {
        const rows = await db.select().from(coupons).orderBy(asc(coupons.id));
        table(
          ['code', 'off', 'plans', 'used', 'per-user', 'starts', 'ends', 'active'],
          rows.map((c) => [
            c.code,
            c.kind === 'percent' ? `${c.percentOff}%` : money(c.amountOff, c.currency),
            c.planIds ? c.planIds.join(',') : 'all',
            `${c.usedCount}/${c.maxUses ?? '∞'}`,
            String(c.perUserLimit),
            isoOrDash(c.startsAt),
            isoOrDash(c.endsAt),
            c.active ? 'yes' : 'no',
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'create': {
      const args = new Args(rest);
      const code = parseCode(args.requiredString('code'), '--code');
      const percent = args.int('percent', { min: 1, max: 100 });
      const amount = args.int('amount', { min: 1 });
      const currencyArg = args.string('currency');
      if ((percent === undefined) === (amount === undefined))
        throw new UsageError('give either --percent or --amount');
      if (percent !== undefined && currencyArg !== undefined)
        throw new UsageError(
          '--currency goes with --amount only (a percent applies to any currency)',
        );
      const currency = amount !== undefined ? parseCurrency(currencyArg, '--currency') : null;
      const plansArg = args.string('plans');
      const planIds =
        plansArg === undefined
          ? null
          : plansArg.split(',').map((p) => {
              if (!/^\d+$/.test(p.trim()))
                throw new UsageError('--plans must be product ids, e.g. 101,102');
              return Number(p.trim());
            });
      const maxUses = args.int('max-uses', { min: 1 }) ?? null;
      const perUser = args.int('per-user', { min: 1 }) ?? 1;
      const startsAt = args.date('starts') ?? null;
      const endsAt = args.date('ends') ?? null;
      if (startsAt && endsAt && startsAt >= endsAt)
        throw new UsageError('--starts must be before --ends');
      args.done(0);
      return async ({ db, io }) => {
        if (planIds) {
          const found = await db
            .select({ id: plans.id })
            .from(plans)
            .where(inArray(plans.id, planIds));
          const missing = planIds.filter((id) => !found.some((f) => f.id === id));
          if (missing.length > 0) throw new AdminError(`no plan ${missing.join(', ')}`);
        }
        try {
          await db.insert(coupons).values({
            code,
            kind: percent !== undefined ? 'percent' : 'fixed',
            percentOff: percent ?? null,
            amountOff: amount ?? null,
            currency,
            planIds,
            maxUses,
            perUserLimit: perUser,
            startsAt,
            endsAt,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AdminError(`coupon ${code} exists`);
          throw error;
        }
        const off = percent !== undefined ? `${percent}% off` : `${money(amount, currency)} off`;
        io.out(
          `created ${code}: ${off}, plans ${planIds ? planIds.join(',') : 'all'}, ${maxUses ?? 'unlimited'} uses, ${perUser} per user`,
        );
        return 0;
      };
    }
    case 'disable':
    case 'enable': {
      const args = new Args(rest);
      const code = parseCode(positional(args, 0, 'CODE'), 'CODE');
      args.done(1);
      const active = action === 'enable';
      return async ({ db, io }) => {
        const changed = await db
          .update(coupons)
          .set({ active })
          .where(eq(coupons.code, code))
          .returning({ id: coupons.id });
        if (changed.length === 0) throw new AdminError(`no coupon ${code}`);
        io.out(`coupon ${code} ${active ? 'enabled' : 'disabled'}`);
        return 0;
      };
    }
    default:
      throw new UsageError(
        action === undefined ? 'coupons: which action?' : `coupons: unknown action "${action}"`,
      );
  }
}
