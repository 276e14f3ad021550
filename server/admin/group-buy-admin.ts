/**
 * `group-buy list | show | end | prices | set-price | hours` (docs/group-buy.md, operator commands).
 * Ending a group early runs the same ending as the job: refunds of paid shares through their gateway
 * (or 'refund due'), or for pay all the creator's membership and one redeem code per unused seat.
 * The store half (set-price, hours, enable, disable) is the console store section's operator
 * functions (server/console/store/store-operations.ts), audited as `cli`.
 */
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { Errors } from '../../contract/errors';
import { MAX_PRICE_MINOR } from '../../contract/endpoints/console-store';
import { CLI_ACTOR } from '../console/audit';
import { setGroupBuySwitch, setGroupHours, setSeatPrice } from '../console/store/store-operations';
import { groupBuys, groupMembers, groupPrices, orders, users } from '../db/schema';
import { groupBuyEnabled, readGroupBuySettings } from '../group-buy/group-settings';
import {
  AdminError,
  Args,
  UsageError,
  choice,
  parseCurrency,
  parseInteger,
  positional,
  rowLimit,
} from './args';
import type { AdminCommand } from './context';
import { counted, isoOrDash, money, table } from './format';
import { storeOperator } from './store-operator';

const STATES = ['awaiting_payment', 'open', 'finished', 'ended', 'void'] as const;

export const GROUP_BUY_USAGE = [
  'group-buy list [--state awaiting_payment|open|finished|ended|void] [--limit <n>]',
  'group-buy show <groupId>             (its seats: user, order, state)',
  'group-buy end <groupId>              (end an open group now: refunds, or codes for unused seats)',
  'group-buy prices [--plan <id>]       (one seat per plan, size and currency)',
  'group-buy set-price --plan <id> --size 2|3 --currency CNY|USD (--amount <minor units> | --remove)',
  'group-buy hours [<n>]                (how long an open group lasts, 1-720; shows it without <n>)',
  'group-buy enable | disable | status  (the switch: off refuses new groups and joins, rule 13)',
];

const size = (value: string | undefined): 2 | 3 => {
  if (value === '2' || value === '3') return Number(value) as 2 | 3;
  throw new UsageError('--size must be 2 or 3');
};

/** The one positional `<groupId>` of `show` and `end`. */
function groupNoOf(rest: readonly string[]): string {
  const args = new Args(rest);
  const groupNo = positional(args, 0, 'groupId').trim();
  args.done(1);
  return groupNo;
}

export function parseGroupBuyCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'list': {
      const args = new Args(rest);
      const state = choice(args, 'state', STATES);
      const limit = rowLimit(args);
      args.done(0);
      return async ({ db, io }) => {
        const where: SQL | undefined = state === undefined ? undefined : eq(groupBuys.state, state);
        const rows = await db
          .select()
          .from(groupBuys)
          .where(where)
          .orderBy(desc(groupBuys.createdAt), desc(groupBuys.id))
          .limit(limit);
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
          rows.map((g) => [
            g.groupNo,
            isoOrDash(g.createdAt),
            String(g.creatorId),
            `${g.planId} (${g.groupType === 1 ? 'standard' : 'lite'} ${g.months}m)`,
            String(g.size),
            g.paymentType === 0 ? 'pay all' : 'pay self',
            money(g.seatPrice, g.currency),
            g.state,
            isoOrDash(g.endsAt),
            isoOrDash(g.completedAt),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'show': {
      const groupNo = groupNoOf(rest);
      return async ({ db, io }) => {
        const [group] = await db.select().from(groupBuys).where(eq(groupBuys.groupNo, groupNo));
        if (!group) throw new AdminError(`no group ${groupNo}`);
        io.out(
          `${group.groupNo}: plan ${group.planId}, ${group.size} seats, ${group.paymentType === 0 ? 'pay all' : 'pay self'}, ${money(group.seatPrice, group.currency)} a seat, ${group.state}`,
        );
        io.out(
          `created ${isoOrDash(group.createdAt)}, opened ${isoOrDash(group.openedAt)}, ends ${isoOrDash(group.endsAt)}, completed ${isoOrDash(group.completedAt)}, ended ${isoOrDash(group.endedAt)}`,
        );
        io.out(`invite token ${group.inviteToken}`);
        const seats = await db
          .select({
            member: groupMembers,
            orderNo: orders.orderNo,
            orderStatus: orders.status,
            username: users.username,
          })
          .from(groupMembers)
          .leftJoin(orders, eq(orders.id, groupMembers.orderId))
          .leftJoin(users, eq(users.id, groupMembers.userId))
          .where(eq(groupMembers.groupId, group.id))
          .orderBy(asc(groupMembers.id));
        table(
          ['user', 'name', 'role', 'seat', 'order', 'order status', 'paid', 'granted'],
          seats.map((s) => [
            String(s.member.userId),
            s.username ?? '-',
            s.member.isCreator ? 'creator' : 'member',
            s.member.state,
            s.orderNo ?? '-',
            s.orderStatus ?? '-',
            isoOrDash(s.member.paidAt),
            isoOrDash(s.member.grantedAt),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'end': {
      const groupNo = groupNoOf(rest);
      return async ({ db, io, endGroup }) => {
        const [group] = await db
          .select({ id: groupBuys.id, state: groupBuys.state })
          .from(groupBuys)
          .where(eq(groupBuys.groupNo, groupNo));
        if (!group) throw new AdminError(`no group ${groupNo}`);
        if (group.state !== 'open')
          throw new AdminError(`group ${groupNo} is ${group.state}: only an open group is ended`);
        if (!endGroup) throw new AdminError('ending a group needs the payment gateways here');
        const report = await endGroup(group.id);
        io.out(
          `group ${groupNo} ended; refunded ${report.refunded.length}, refund due ${report.refundDue.length}, to retry ${report.retry.length}`,
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
      return async ({ db, io, now }) => {
        await storeOperator(
          () =>
            setSeatPrice({ db, now }, CLI_ACTOR, {
              planId,
              size: groupSize,
              currency,
              amount: amount ?? null,
            }),
          [[Errors.PLAN_NOT_FOUND, `no plan ${planId}`]],
        );
        io.out(
          amount === undefined
            ? `plan ${planId}: no group of ${groupSize} in ${currency} any more`
            : `plan ${planId}: a seat in a group of ${groupSize} costs ${money(amount, currency)}`,
        );
        return 0;
      };
    }
    case 'hours': {
      const args = new Args(rest);
      const raw = args.positionals[0];
      const hours =
        raw === undefined ? undefined : parseInteger(raw, 'hours', { min: 1, max: 720 });
      args.done(1);
      return async ({ db, io, now }) => {
        if (hours !== undefined)
          await storeOperator(() => setGroupHours({ db, now }, CLI_ACTOR, { hours }));
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
          await storeOperator(() =>
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
