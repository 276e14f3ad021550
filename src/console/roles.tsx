import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ConsolePermission, StaffRole } from '../../contract/endpoints/console';

const ROLE_NAMES: Record<StaffRole, MessageDescriptor> = {
  owner: msg`Owner`,
  finance: msg`Finance`,
  support: msg`Support`,
  content: msg`Content`,
};

/** What each permission lets a staff member do, in the words of docs/console.md's matrix. */
export const PERMISSION_TEXT: Record<ConsolePermission, MessageDescriptor> = {
  'staff.manage': msg`Manage staff: add, change roles, disable, reset two-factor`,
  'audit.read': msg`Read the audit trail`,
  'dashboard.read': msg`See the dashboard`,
  'dashboard.money': msg`See the dashboard's revenue, refunds and payouts due`,
  'users.read': msg`Look up users`,
  'users.manage': msg`Change users' memberships, devices and sessions`,
  'users.bulk': msg`Extend every active member at once`,
  'orders.read': msg`Read orders`,
  'orders.refund': msg`Refund orders`,
  'orders.confirm': msg`Confirm payments by hand`,
  'payment-flags.resolve': msg`Resolve payment flags`,
  'store.manage': msg`Manage plans, prices and promo codes`,
  'group-buy.manage': msg`Manage group buys`,
  'crypto.manage': msg`Manage crypto networks, tokens and addresses`,
  'kol.manage': msg`Manage KOLs and commissions`,
  'kol.payout': msg`Pay KOLs out`,
  'nodes.manage': msg`Manage nodes`,
  'content.manage': msg`Edit FAQ, clauses, benefits and announcements`,
};

export function useRoleName(): (role: StaffRole) => string {
  const { i18n } = useLingui();
  return (role) => i18n._(ROLE_NAMES[role]);
}
