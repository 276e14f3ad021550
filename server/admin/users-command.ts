/**
 * `users find | show | extend | shorten | disable | enable | sign-out | reset-subscription |
 * remove-device | extend-active` (issue 21, item 5; docs/console.md). The commands call the
 * console's operator functions (server/console/users/) with the CLI as the actor: the same rules,
 * the same audit entries, the same exactly-once outage compensation.
 */
import { randomBytes } from 'node:crypto';
import { MAX_ADJUST_DAYS, MAX_BULK_DAYS } from '../../contract/endpoints/console-users';
import { CLI_ACTOR } from '../console/audit';
import * as memberOps from '../console/users/member-operations';
import { memberRecord, searchMembers } from '../console/users/member-record';
import { Args, UsageError, onlyPositional, parseInteger, positional } from './args';
import type { AdminCommand, AdminContext } from './context';
import { isoOrDash, table } from './format';
import { operator, operatorCommand } from './operator-call';

export const USERS_USAGE = [
  'users find <user id | username | e-mail | phone>   (exact matches only)',
  'users show <user id>',
  `users extend <user id> --days <1-${MAX_ADJUST_DAYS}> --reason <text>`,
  `users shorten <user id> --days <1-${MAX_ADJUST_DAYS}> --reason <text>   (never below now)`,
  'users disable <user id> --reason <text>   (ends every session)',
  'users enable <user id> --reason <text>',
  'users sign-out <user id>   (ends every session)',
  'users reset-subscription <user id>   (new node credential, import links gone)',
  'users remove-device <user id> <device id>',
  `users extend-active --days <1-${MAX_BULK_DAYS}> --reason <text> [--yes]   (outage compensation; without --yes: how many)`,
];

const depsOf = (context: AdminContext): memberOps.MemberDeps => ({
  db: context.db,
  now: context.now,
  ...(context.sessionCache ? { sessionCache: context.sessionCache } : {}),
});

/** One CLI run is one submission: its own key. */
const submissionKey = () => `cli-${randomBytes(12).toString('hex')}`;

function userIdOf(args: Args): number {
  return parseInteger(positional(args, 0, 'user id'), 'the user id');
}

const planName = (plan: 1 | 2 | null) =>
  plan === 1 ? 'standard' : plan === 2 ? 'lite' : 'no plan';

function adjust(rest: string[], sign: 1 | -1): AdminCommand {
  const args = new Args(rest);
  const userId = userIdOf(args);
  const days = args.int('days', { min: 1, max: MAX_ADJUST_DAYS });
  if (days === undefined) throw new UsageError('--days is required');
  const reason = args.requiredString('reason');
  args.done(1);
  return operatorCommand(
    (context) =>
      memberOps.adjustMembership(depsOf(context), CLI_ACTOR, {
        userId,
        days: sign * days,
        reason,
        key: submissionKey(),
      }),
    (state) =>
      `User ${userId}: ${planName(state.planType)} until ${state.expireTime ?? '-'} (${sign > 0 ? '+' : '-'}${days} days).`,
  );
}

function setDisabled(rest: string[], disabled: boolean): AdminCommand {
  const args = new Args(rest);
  const userId = userIdOf(args);
  const reason = args.requiredString('reason');
  args.done(1);
  return operatorCommand(
    (context) =>
      memberOps.setMemberDisabled(depsOf(context), CLI_ACTOR, { userId, disabled, reason }),
    () =>
      disabled
        ? `User ${userId} is disabled; every session has ended.`
        : `User ${userId} is enabled.`,
  );
}

function find(rest: string[]): AdminCommand {
  const query = onlyPositional(rest, 'what to find');
  return async ({ db, io }) => {
    const members = await searchMembers(db, query);
    if (members.length === 0) {
      io.out(`No member is exactly "${query}".`);
      return 0;
    }
    table(
      ['id', 'username', 'e-mail', 'phone', 'plan', 'expires', 'state'],
      members.map((m) => [
        String(m.id),
        m.username ?? '-',
        m.email ?? '-',
        m.phone ?? '-',
        planName(m.planType),
        isoOrDash(m.expireTime),
        m.disabled ? 'disabled' : 'active',
      ]),
    ).forEach((l) => io.out(l));
    return 0;
  };
}

function show(rest: string[]): AdminCommand {
  const args = new Args(rest);
  const userId = userIdOf(args);
  args.done(1);
  return async ({ db, io }) => {
    const record = await operator(() => memberRecord(db, userId));
    const { member } = record;
    io.out(
      `User ${member.id}  ${member.username ?? member.email ?? member.phone ?? '-'}${member.disabled ? '  (disabled)' : ''}`,
    );
    io.out(
      `Membership: ${planName(member.planType)} until ${member.expireTime ?? '-'}, ${member.deviceLimit ?? '-'} devices`,
    );
    io.out(
      `Orders: ${record.orders.length}  Devices: ${record.devices.length}  Sessions: ${record.sessions.length}  Groups: ${record.groups.length}  Invites: ${record.invites.count}  Commissions: ${record.commissions.count}`,
    );
    if (record.grants.length > 0) {
      io.out('Membership ledger (newest first):');
      table(
        ['when', 'source', 'ref', 'seconds', 'expiry after', 'by', 'reason'],
        record.grants.map((g) => [
          isoOrDash(g.createdAt),
          g.source,
          g.sourceRef,
          String(g.seconds),
          isoOrDash(g.expireAfter),
          // An operator's change names who made it and why (the audit trail); a purchase, none.
          g.by ? (g.by.username ?? g.by.kind) : '-',
          g.reason ?? '-',
        ]),
      ).forEach((l) => io.out(l));
    }
    return 0;
  };
}

function extendActive(rest: string[]): AdminCommand {
  const args = new Args(rest, ['yes']);
  const days = args.int('days', { min: 1, max: MAX_BULK_DAYS });
  if (days === undefined) throw new UsageError('--days is required');
  const reason = args.requiredString('reason');
  const yes = args.flag('yes');
  args.done(0);
  return async (context) => {
    if (!yes) {
      const count = await memberOps.activeMemberCount(context.db, context.now());
      context.io.out(
        `${count} active members would get ${days} more days. Run again with --yes to apply.`,
      );
      return 0;
    }
    const done = await operator(() =>
      memberOps.extendActiveMembers(depsOf(context), CLI_ACTOR, {
        days,
        reason,
        key: submissionKey(),
      }),
    );
    context.io.out(`${done.extended} active members got ${done.days} more days.`);
    return 0;
  };
}

/** A command on one member that needs nothing but the id. */
function onMember(
  rest: string[],
  run: (deps: memberOps.MemberDeps, userId: number) => Promise<string>,
): AdminCommand {
  const args = new Args(rest);
  const userId = userIdOf(args);
  args.done(1);
  return operatorCommand(
    (context) => run(depsOf(context), userId),
    (line) => line,
  );
}

export function parseUsersCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'find':
      return find(rest);
    case 'show':
      return show(rest);
    case 'extend':
      return adjust(rest, 1);
    case 'shorten':
      return adjust(rest, -1);
    case 'disable':
      return setDisabled(rest, true);
    case 'enable':
      return setDisabled(rest, false);
    case 'sign-out':
      return onMember(rest, async (deps, userId) => {
        const { sessionsEnded } = await memberOps.signOutMember(deps, CLI_ACTOR, { userId });
        return `User ${userId}: ${sessionsEnded} sessions ended.`;
      });
    case 'reset-subscription':
      return onMember(rest, async (deps, userId) => {
        await memberOps.resetMemberSubscription(deps, CLI_ACTOR, { userId });
        return `User ${userId}: new node credential; every import link is gone.`;
      });
    case 'remove-device': {
      const args = new Args(rest);
      const userId = userIdOf(args);
      const deviceId = parseInteger(positional(args, 1, 'device id'), 'the device id');
      args.done(2);
      return operatorCommand(
        (context) => memberOps.removeMemberDevice(depsOf(context), CLI_ACTOR, { userId, deviceId }),
        () => `User ${userId}: device ${deviceId} removed; its sessions ended.`,
      );
    }
    case 'extend-active':
      return extendActive(rest);
    default:
      throw new UsageError(
        action === undefined ? 'missing users action' : `unknown users action "${action}"`,
      );
  }
}
