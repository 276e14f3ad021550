/**
 * `staff add | list | role | disable | reset-2fa` and `audit [--limit <n>]` (issue 21;
 * docs/console.md). The commands call the console's operator functions (server/console/
 * staff-operations.ts) with the CLI as the actor, so the console and the CLI share every rule (the
 * last owner stays an owner) and every change is audited the same way.
 */
import { STAFF_ROLES } from '../../contract/endpoints/console';
import { CLI_ACTOR, listAudit } from '../console/audit';
import * as staffOps from '../console/staff-operations';
import { AdminError, Args, UsageError, onlyPositional, positional, rowLimit } from './args';
import type { AdminCommand, AdminContext } from './context';
import { operatorCommand } from './operator-call';
import { isoOrDash, table } from './format';

const ROLES = STAFF_ROLES.join('|');

export const STAFF_USAGE = [
  `staff add <username> --role ${ROLES}   (prints a single-use enrolment link, valid 24 h)`,
  'staff list',
  `staff role <username> ${ROLES}`,
  'staff disable <username>             (ends their sessions; never the last owner)',
  'staff enable <username>',
  'staff reset-2fa <username>           (removes the authenticator; prints a new enrolment link)',
];

export const AUDIT_USAGE = [
  'audit [--limit <n>]                  (the latest audit entries: staff actions, sign-ins, CLI commands)',
];

function depsOf(context: AdminContext): staffOps.StaffDeps {
  const { siteOrigin } = context;
  if (!siteOrigin) throw new AdminError('the site origin is unknown here (PUBLIC_ORIGIN)');
  return { db: context.db, now: context.now, siteOrigin };
}

/** The enrolment link's lines: whom it is for, until when, then the link. */
function linkLines(link: staffOps.EnrolmentLink): string[] {
  return [
    `Enrolment link for ${link.username} (${link.role}), single use, valid until ${link.expiresAt}:`,
    link.url,
  ];
}

export function parseStaffCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'add': {
      const args = new Args(rest);
      const username = positional(args, 0, 'username');
      const role = args.requiredString('role');
      args.done(1);
      return operatorCommand(
        (context) => staffOps.addStaff(depsOf(context), CLI_ACTOR, { username, role }),
        linkLines,
      );
    }
    case 'list': {
      new Args(rest).done(0);
      return async ({ db, io }) => {
        const rows = await staffOps.listStaff(db);
        if (rows.length === 0) {
          io.out('No staff yet: npm run admin -- staff add <username> --role owner');
          return 0;
        }
        table(
          ['id', 'username', 'role', 'state', 'created'],
          rows.map((s) => [
            String(s.id),
            s.username,
            s.role,
            s.disabled ? 'disabled' : s.enrolled ? 'active' : 'not enrolled',
            s.createdAt.replace('.000Z', 'Z'),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'role': {
      const args = new Args(rest);
      const username = positional(args, 0, 'username');
      const role = positional(args, 1, 'role');
      args.done(2);
      return operatorCommand(
        (context) => staffOps.changeStaffRole(depsOf(context), CLI_ACTOR, { username, role }),
        (changed) => `${changed.username} is now ${changed.role}.`,
      );
    }
    case 'disable': {
      const username = onlyPositional(rest, 'username');
      return operatorCommand(
        (context) => staffOps.disableStaff(depsOf(context), CLI_ACTOR, { username }),
        (changed) => `${changed.username} is disabled; their sessions have ended.`,
      );
    }
    case 'enable': {
      const username = onlyPositional(rest, 'username');
      return operatorCommand(
        (context) => staffOps.enableStaff(depsOf(context), CLI_ACTOR, { username }),
        (changed) => `${changed.username} is enabled.`,
      );
    }
    case 'reset-2fa': {
      const username = onlyPositional(rest, 'username');
      return operatorCommand(
        (context) => staffOps.resetStaffTwoFactor(depsOf(context), CLI_ACTOR, { username }),
        (link) => [
          `${link.username}'s authenticator and recovery codes are removed.`,
          ...linkLines(link),
        ],
      );
    }
    default:
      throw new UsageError(
        action === undefined ? 'missing staff action' : `unknown staff action "${action}"`,
      );
  }
}

export function parseAuditCommand(argv: readonly string[]): AdminCommand {
  const args = new Args(argv);
  const limit = rowLimit(args);
  args.done(0);
  return async ({ db, io }) => {
    const { items: entries } = await listAudit(db, {}, { page: 1, pageSize: limit });
    if (entries.length === 0) {
      io.out('No audit entries yet.');
      return 0;
    }
    table(
      ['id', 'at', 'who', 'ip', 'action', 'target', 'before', 'after'],
      entries.map((e) => [
        String(e.id),
        isoOrDash(e.at),
        e.actor.kind === 'staff'
          ? `${e.actor.username ?? '?'} (#${e.actor.staffId})`
          : e.actor.kind === 'cli'
            ? 'cli'
            : `anonymous${e.actor.username ? ` (${e.actor.username})` : ''}`,
        e.ip ?? '-',
        e.action,
        e.target ?? '-',
        e.before === null ? '-' : JSON.stringify(e.before),
        e.after === null ? '-' : JSON.stringify(e.after),
      ]),
    ).forEach((l) => io.out(l));
    return 0;
  };
}
