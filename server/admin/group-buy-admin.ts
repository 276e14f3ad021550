/**
 * `group-buy list | show | end | prices | set-price | hours` (docs/group-buy.md, operator commands).
 * Ending a group early runs the same ending as the job: refunds of paid shares through their gateway
 * (or 'refund due'), or for pay all the creator's membership and one redeem code per unused seat.
 * list, show and end are the console group-buys section's operator functions
 * (server/console/groups/group-operations.ts); end is audited as `cli` with its --reason.
 * The store half (set-price, hours, enable, disable) is the console store section's operator
 * functions (server/console/store/store-operations.ts), audited as `cli`.
 */
import { asc, eq } from 'drizzle-orm';
import { Errors } from '../../contract/errors';
import { CONSOLE_GROUP_STATES } from '../../contract/endpoints/console-groups';
import { MAX_PRICE_MINOR } from '../../contract/endpoints/console-store';
import { CLI_ACTOR } from '../console/audit';
import { groupRecord, listGroups } from '../console/groups/group-operations';
import { setGroupBuySwitch, setGroupHours, setSeatPrice } from '../console/store/store-operations';
import { groupPrices } from '../db/schema';
import { groupBuyEnabled, readGroupBuySettings } from '../group-buy/group-settings';
import {
  AdminError,
  Args,
  UsageError,
  choice,
  onlyPositional,
  parseCurrency,
  parseInteger,
  positional,
  rowLimit,
} from './args';
import type { AdminCommand } from './context';
import { operator, operatorCommand } from './operator-call';
import { counted, isoOrDash, money, table } from './format';

export const GROUP_BUY_USAGE = [
  'group-buy list [--state awaiting_payment|open|finished|ended|void] [--limit <n>]',
  'group-buy show <groupId>             (its seats: user, order, state)',
  'group-buy end <groupId> --reason <text>   (end an open group now: refunds, or codes for unused seats)',
  'group-buy prices [--plan <id>]       (one seat per plan, size and currency)',
  'group-buy set-price --plan <id> --size 2|3 --currency CNY|USD (--amount <minor units> | --remove)',
  'group-buy hours [<n>]                (how long an open group lasts, 1-720; shows it without <n>)',
  'group-buy enable | disable | status  (the switch: off refuses new groups and joins, rule 13)',
];

const size = (value: string | undefined): 2 | 3 => {
  if (value === '2' || value === '3') return Number(value) as 2 | 3;
  throw new UsageError('--size must be 2 or 3');
};

const paymentTypeOf = (type: 0 | 1) => (type === 0 ? 'pay all' : 'pay self');

export function parseGroupBuyCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'list': {
      const args = new Args(rest);
      const state = choice(args, 'state', CONSOLE_GROUP_STATES);
      const limit = rowLimit(args);
      args.done(0);
      return async ({ db, io }) => {
        const { items } = await listGroups(db, state === undefined ? {} : { state }, {
          page: 1,
          pageSize: limit,
        });
        table(
          [
            'group',
            'created',
            'creator',
            'plan',
            'size',
            'type',
            'seat',
            'state',
            'ends',
            'completed',
          ],
          items.map((g) => [
            g.groupId,
            isoOrDash(g.createdAt),
            String(g.creatorId),
            `${g.product.planId} (${g.product.groupType === 1 ? 'standard' : 'lite'} ${g.product.months}m)`,
            String(g.size),
            paymentTypeOf(g.paymentType),
            money(g.seatPrice.amount, g.seatPrice.currency),
            g.state,
            isoOrDash(g.endsAt),
            isoOrDash(g.completedAt),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'show': {
      const groupNo = onlyPositional(rest, 'groupId').trim();
      return async ({ db, io }) => {
        const { group, openedAt, seats } = await operator(() => groupRecord(db, groupNo));
        io.out(
          `${group.groupId}: plan ${group.product.planId}, ${group.size} seats, ${paymentTypeOf(group.paymentType)}, ${money(group.seatPrice.amount, group.seatPrice.currency)} a seat, ${group.state}`,
        );
        io.out(
          `created ${isoOrDash(group.createdAt)}, opened ${isoOrDash(openedAt)}, ends ${isoOrDash(group.endsAt)}, completed ${isoOrDash(group.completedAt)}, ended ${isoOrDash(group.endedAt)}`,
        );
        table(
          ['user', 'name', 'role', 'seat', 'order', 'order status', 'paid', 'granted'],
          seats.map((s) => [
            String(s.userId),
            s.username ?? '-',
            s.role,
            s.state,
            s.orderId ?? '-',
            s.orderStatus ?? '-',
            isoOrDash(s.paidAt),
            isoOrDash(s.grantedAt),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'end': {
      const args = new Args(rest);
      const groupNo = positional(args, 0, 'groupId').trim();
      const reason = args.requiredString('reason');
      args.done(1);
      return async ({ io, endGroup }) => {
        if (!endGroup) throw new AdminError('ending a group needs the payment gateways here');
        const report = await operator(() => endGroup({ groupId: groupNo, reason }));
        io.out(
          `group ${groupNo.toUpperCase()} ended; refunded ${report.refunded}, refund due ${report.refundDue}, to retry ${report.retry}`,
        );
        return 0;
      };
    }
    case 'prices': {
      const args = new Args(rest);
      const planId = args.int('plan', { min: 1 });
      args.done(0);
      return async ({ db, io }) => {
        const rows = await db
          .select()
          .from(groupPrices)
          .where(planId === undefined ? undefined : eq(groupPrices.planId, planId))
          .orderBy(asc(groupPrices.planId), asc(groupPrices.size), asc(groupPrices.currency));
        table(
          ['plan', 'size', 'seat price'],
          rows.map((r) => [String(r.planId), String(r.size), money(r.amount, r.currency)]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'set-price': {
      const args = new Args(rest, ['remove']);
      const planId = parseInteger(args.requiredString('plan'), '--plan');
      const groupSize = size(args.string('size'));
      const currency = parseCurrency(args.string('currency'), '--currency');
      const remove = args.flag('remove');
      const amount = args.int('amount', { min: 1, max: MAX_PRICE_MINOR });
      if (remove === (amount !== undefined))
        throw new UsageError('give either --amount <minor units> or --remove');
      args.done(0);
      return operatorCommand(
        ({ db, now }) =>
          setSeatPrice({ db, now }, CLI_ACTOR, {
            planId,
            size: groupSize,
            currency,
            amount: amount ?? null,
          }),
        () =>
          amount === undefined
            ? `plan ${planId}: no group of ${groupSize} in ${currency} any more`
            : `plan ${planId}: a seat in a group of ${groupSize} costs ${money(amount, currency)}`,
        [[Errors.PLAN_NOT_FOUND, `no plan ${planId}`]],
      );
    }
    case 'hours': {
      const args = new Args(rest);
      const raw = args.positionals[0];
      const hours =
        raw === undefined ? undefined : parseInteger(raw, 'hours', { min: 1, max: 720 });
      args.done(1);
      return async ({ db, io, now }) => {
        if (hours !== undefined)
          await operator(() => setGroupHours({ db, now }, CLI_ACTOR, { hours }));
        io.out(`an open group lasts ${counted((await readGroupBuySettings(db)).hours, 'hour')}`);
        return 0;
      };
    }
    case 'enable':
    case 'disable':
    case 'status': {
      const args = new Args(rest);
      args.done(0);
      return async ({ db, io, now }) => {
        if (action !== 'status')
          await operator(() =>
            setGroupBuySwitch({ db, now }, CLI_ACTOR, { enabled: action === 'enable' }),
          );
        io.out(
          (await groupBuyEnabled(db))
            ? 'group buy is on: members can start and join groups'
            : 'group buy is off: new groups and joins are refused (4007); existing groups go on',
        );
        return 0;
      };
    }
    default:
      throw new UsageError(
        action === undefined ? 'group-buy: which action?' : `group-buy: unknown action "${action}"`,
      );
  }
}
