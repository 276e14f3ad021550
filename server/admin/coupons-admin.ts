/**
 * `coupons list | create | disable | enable` (docs/store.md, operator commands). The changes are the
 * console's operator functions (server/console/store/store-operations.ts), audited as `cli`.
 */
import { asc } from 'drizzle-orm';
import { Errors } from '../../contract/errors';
import { COUPON_CODE_PATTERN, MAX_PRICE_MINOR } from '../../contract/endpoints/console-store';
import { CLI_ACTOR } from '../console/audit';
import { createCoupon, setCouponActive } from '../console/store/store-operations';
import { coupons } from '../db/schema';
import { normaliseCouponCode } from '../store/coupons';
import { Args, UsageError, parseCurrency, positional } from './args';
import type { AdminCommand } from './context';
import { isoOrDash, money, table } from './format';
import { operatorCommand } from './operator-call';

export const COUPONS_USAGE = [
  'coupons list',
  'coupons create --code <CODE> (--percent <1-100> | --amount <minor units> --currency CNY|USD)',
  '               [--plans 101,102] [--max-uses <n>] [--per-user <n>] [--starts <ISO>] [--ends <ISO>]',
  'coupons disable <CODE>    coupons enable <CODE>',
];

function parseCode(value: string, what: string): string {
  const code = normaliseCouponCode(value);
  if (!COUPON_CODE_PATTERN.test(code))
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
      const amount = args.int('amount', { min: 1, max: MAX_PRICE_MINOR });
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
      const maxUses = args.int('max-uses', { min: 1, max: 2_000_000_000 }) ?? null;
      const perUser = args.int('per-user', { min: 1, max: 1_000_000 }) ?? 1;
      const startsAt = args.date('starts') ?? null;
      const endsAt = args.date('ends') ?? null;
      if (startsAt && endsAt && startsAt >= endsAt)
        throw new UsageError('--starts must be before --ends');
      args.done(0);
      const off = percent !== undefined ? `${percent}% off` : `${money(amount, currency)} off`;
      return operatorCommand(
        ({ db, now }) =>
          createCoupon({ db, now }, CLI_ACTOR, {
            code,
            percent: percent ?? null,
            amount: amount ?? null,
            currency,
            planIds,
            maxUses,
            perUser,
            startsAt: startsAt?.toISOString() ?? null,
            endsAt: endsAt?.toISOString() ?? null,
          }),
        () =>
          `created ${code}: ${off}, plans ${planIds ? planIds.join(',') : 'all'}, ${maxUses ?? 'unlimited'} uses, ${perUser} per user`,
        [
          [Errors.STORE_COUPON_EXISTS, `coupon ${code} exists`],
          [
            Errors.STORE_COUPON_PLANS_INVALID,
            (data) => `no plan ${(data?.missing as number[] | undefined)?.join(', ') ?? ''}`,
          ],
        ],
      );
    }
    case 'disable':
    case 'enable': {
      const args = new Args(rest);
      const code = parseCode(positional(args, 0, 'CODE'), 'CODE');
      args.done(1);
      const active = action === 'enable';
      return operatorCommand(
        ({ db, now }) => setCouponActive({ db, now }, CLI_ACTOR, { code, active }),
        () => `coupon ${code} ${active ? 'enabled' : 'disabled'}`,
        [[Errors.STORE_COUPON_NOT_FOUND, `no coupon ${code}`]],
      );
    }
    default:
      throw new UsageError(
        action === undefined ? 'coupons: which action?' : `coupons: unknown action "${action}"`,
      );
  }
}
