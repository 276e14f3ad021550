/** `plans list | add | set-price | disable | enable` (docs/store.md, operator commands). */
import { eq, or, and } from 'drizzle-orm';
import { planPrices, plans } from '../db/schema';
import { listPlans, findPlan } from '../store/plans';
import {
  AdminError,
  Args,
  UsageError,
  parseCurrency,
  parseGroup,
  parseInteger,
  positional,
} from './args';
import type { AdminCommand } from './context';
import { money, table } from './format';

export const PLANS_USAGE = [
  'plans list',
  'plans add --id <productId> --group 1|2 --months <n> [--days <n>] --devices <n> [--cny <minor>] [--usd <minor>] [--recommended] [--sort <n>]',
  'plans set-price <productId> CNY|USD <amount in minor units>',
  'plans disable <productId>    plans enable <productId>',
];

export function parsePlansCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'list': {
      new Args(rest).done(0);
      return async ({ db, io }) => {
        const rows = await listPlans(db);
        const lines = table(
          ['id', 'group', 'months', 'days', 'devices', 'CNY', 'USD', 'recommended', 'active'],
          rows.map((p) => [
            String(p.id),
            p.groupType === 1 ? 'standard' : 'lite',
            String(p.months),
            String(p.durationDays),
            String(p.maxDevices),
            money(p.prices.find((x) => x.currency === 'CNY')?.amount, 'CNY'),
            money(p.prices.find((x) => x.currency === 'USD')?.amount, 'USD'),
            p.recommended ? 'yes' : 'no',
            p.active ? 'yes' : 'no',
          ]),
        );
        lines.forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'add': {
      const args = new Args(rest, ['recommended']);
      const id = args.int('id', { min: 1, max: 2_000_000_000 });
      if (id === undefined) throw new UsageError('--id is required');
      const groupType = parseGroup(args.string('group'), '--group');
      const months = args.int('months', { min: 1, max: 120 });
      if (months === undefined) throw new UsageError('--months is required');
      const days =
        args.int('days', { min: 1, max: 3660 }) ??
        (months % 12 === 0 ? (months / 12) * 365 : months * 30);
      const devices = args.int('devices', { min: 1, max: 100 });
      if (devices === undefined) throw new UsageError('--devices is required');
      const cny = args.int('cny', { min: 1 });
      const usd = args.int('usd', { min: 1 });
      if (cny === undefined && usd === undefined)
        throw new UsageError('give --cny and/or --usd (minor units)');
      const recommended = args.flag('recommended');
      const sort = args.int('sort', { min: 0, max: 1_000_000 }) ?? months;
      args.done(0);
      return async ({ db, io }) => {
        const clash = await db
          .select({ id: plans.id })
          .from(plans)
          .where(
            or(eq(plans.id, id), and(eq(plans.groupType, groupType), eq(plans.months, months))),
          );
        if (clash.length > 0)
          throw new AdminError(
            `a plan with id ${id} or group ${groupType} and ${months} months exists (plan ${clash[0]!.id})`,
          );
        await db.transaction(async (tx) => {
          await tx.insert(plans).values({
            id,
            groupType,
            months,
            durationDays: days,
            maxDevices: devices,
            recommended,
            sort,
          });
          if (cny !== undefined)
            await tx.insert(planPrices).values({ planId: id, currency: 'CNY', amount: cny });
          if (usd !== undefined)
            await tx.insert(planPrices).values({ planId: id, currency: 'USD', amount: usd });
        });
        io.out(
          `added plan ${id}: ${groupType === 1 ? 'standard' : 'lite'}, ${months} months (${days} days), ${devices} devices`,
        );
        return 0;
      };
    }
    case 'set-price': {
      const args = new Args(rest);
      const id = parseInteger(positional(args, 0, 'productId'), 'productId');
      const currency = parseCurrency(positional(args, 1, 'currency'), 'currency');
      const amount = parseInteger(positional(args, 2, 'amount'), 'amount (minor units)');
      args.done(3);
      return async ({ db, io }) => {
        const plan = await findPlan(db, id);
        if (!plan) throw new AdminError(`no plan ${id}`);
        const before = plan.prices.find((p) => p.currency === currency)?.amount;
        await db
          .insert(planPrices)
          .values({ planId: id, currency, amount })
          .onConflictDoUpdate({
            target: [planPrices.planId, planPrices.currency],
            set: { amount },
          });
        await db.update(plans).set({ updatedAt: new Date() }).where(eq(plans.id, id));
        io.out(
          `plan ${id} ${currency}: ${money(before, currency)} -> ${money(amount, currency)} (orders already placed keep their price)`,
        );
        return 0;
      };
    }
    case 'disable':
    case 'enable': {
      const args = new Args(rest);
      const id = parseInteger(positional(args, 0, 'productId'), 'productId');
      args.done(1);
      const active = action === 'enable';
      return async ({ db, io }) => {
        const changed = await db
          .update(plans)
          .set({ active, updatedAt: new Date() })
          .where(eq(plans.id, id))
          .returning({ id: plans.id });
        if (changed.length === 0) throw new AdminError(`no plan ${id}`);
        io.out(
          `plan ${id} ${active ? 'enabled: on sale' : 'disabled: no longer sold (existing orders unaffected)'}`,
        );
        return 0;
      };
    }
    default:
      throw new UsageError(
        action === undefined ? 'plans: which action?' : `plans: unknown action "${action}"`,
      );
  }
}
