/**
 * `plans list | add | set-price | disable | enable` (docs/store.md, operator commands). The changes
 * are the console's operator functions (server/console/store/store-operations.ts), audited as `cli`.
 */
import { Errors } from '../../contract/errors';
import { MAX_PRICE_MINOR } from '../../contract/endpoints/console-store';
import { CLI_ACTOR } from '../console/audit';
import { addPlan, setPlanActive, setPlanPrice } from '../console/store/store-operations';
import { listPlans } from '../store/plans';
import { Args, UsageError, parseCurrency, parseGroup, parseInteger, positional } from './args';
import type { AdminCommand } from './context';
import { money, table } from './format';
import { operatorCommand } from './operator-call';

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
      const cny = args.int('cny', { min: 1, max: MAX_PRICE_MINOR });
      const usd = args.int('usd', { min: 1, max: MAX_PRICE_MINOR });
      if (cny === undefined && usd === undefined)
        throw new UsageError('give --cny and/or --usd (minor units)');
      const recommended = args.flag('recommended');
      const sort = args.int('sort', { min: 0, max: 1_000_000 }) ?? months;
      args.done(0);
      return operatorCommand(
        ({ db, now }) =>
          addPlan({ db, now }, CLI_ACTOR, {
            id,
            groupType,
            months,
            days,
            devices,
            prices: [
              ...(cny !== undefined ? [{ currency: 'CNY', amount: cny }] : []),
              ...(usd !== undefined ? [{ currency: 'USD', amount: usd }] : []),
            ],
            recommended,
            sort,
          }),
        () =>
          `added plan ${id}: ${groupType === 1 ? 'standard' : 'lite'}, ${months} months (${days} days), ${devices} devices`,
        [
          [
            Errors.PLAN_EXISTS,
            `a plan with id ${id} or group ${groupType} and ${months} months exists`,
          ],
        ],
      );
    }
    case 'set-price': {
      const args = new Args(rest);
      const id = parseInteger(positional(args, 0, 'productId'), 'productId');
      const currency = parseCurrency(positional(args, 1, 'currency'), 'currency');
      const amount = parseInteger(positional(args, 2, 'amount'), 'amount (minor units)', {
        max: MAX_PRICE_MINOR,
      });
      args.done(3);
      return operatorCommand(
        ({ db, now }) => setPlanPrice({ db, now }, CLI_ACTOR, { planId: id, currency, amount }),
        ({ before }) =>
          `plan ${id} ${currency}: ${money(before, currency)} -> ${money(amount, currency)} (orders already placed keep their price)`,
        [[Errors.PLAN_NOT_FOUND, `no plan ${id}`]],
      );
    }
    case 'disable':
    case 'enable': {
      const args = new Args(rest);
      const id = parseInteger(positional(args, 0, 'productId'), 'productId');
      args.done(1);
      const active = action === 'enable';
      return operatorCommand(
        ({ db, now }) => setPlanActive({ db, now }, CLI_ACTOR, { planId: id, active }),
        () =>
          `plan ${id} ${active ? 'enabled: on sale' : 'disabled: no longer sold (existing orders unaffected)'}`,
        [[Errors.PLAN_NOT_FOUND, `no plan ${id}`]],
      );
    }
    default:
      throw new UsageError(
        action === undefined ? 'plans: which action?' : `plans: unknown action "${action}"`,
      );
  }
}
