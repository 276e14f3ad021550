/**
 * The role matrix (issue 21, item 1): which staff role holds which console permission, written once
 * as data. Every console endpoint names the permission it needs (contract/endpoints/console.ts) and
 * the console's preHandler checks it here; docs/console.md shows the same table, and a test keeps the
 * two equal.
 *
 * Least privilege: `owner` holds everything and alone manages staff and reads the audit trail;
 * `finance` orders, refunds, manual confirmations, payouts and prices; `support` users, devices,
 * sessions, orders read-only and group buys; `content` the texts members read. Every role reads the
 * dashboard's operational figures; only owner and finance its money (`dashboard.money`: revenue,
 * refunds, payouts due, the revenue charts).
 */
import {
  CONSOLE_PERMISSIONS,
  STAFF_ROLES,
  type ConsolePermission,
  type StaffRole,
} from '../../contract/endpoints/console';

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly ConsolePermission[]>> = {
  owner: CONSOLE_PERMISSIONS,
  finance: [
    'dashboard.read',
    'dashboard.money',
    'orders.read',
    'orders.refund',
    'orders.confirm',
    'payment-flags.resolve',
    'store.manage',
    'crypto.manage',
    'kol.manage',
    'kol.payout',
  ],
  support: [
    'dashboard.read',
    'users.read',
    'users.manage',
    'users.bulk',
    'orders.read',
    'group-buy.manage',
  ],
  content: ['dashboard.read', 'content.manage'],
};

export function roleAllows(role: StaffRole, permission: ConsolePermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: StaffRole): ConsolePermission[] {
  return CONSOLE_PERMISSIONS.filter((p) => roleAllows(role, p));
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** The matrix as the markdown table of docs/console.md (a test compares them). */
export function roleMatrixTable(): string[] {
  const header = `| permission | ${STAFF_ROLES.join(' | ')} |`;
  const rule = `| --- | ${STAFF_ROLES.map(() => ':---:').join(' | ')} |`;
  const rows = CONSOLE_PERMISSIONS.map(
    (p) => `| \`${p}\` | ${STAFF_ROLES.map((r) => (roleAllows(r, p) ? 'yes' : '-')).join(' | ')} |`,
  );
  return [header, rule, ...rows];
}
