import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConsolePermission } from '../../contract/endpoints/console';

export interface ConsoleSection {
  readonly to:
    | '/admin/users'
    | '/admin/orders'
    | '/admin/groups'
    | '/admin/nodes'
    | '/admin/content'
    | '/admin/crypto'
    | '/admin/kol'
    | '/admin/staff'
    | '/admin/audit'
    | '/admin/store';
  readonly permission: ConsolePermission;
  readonly label: MessageDescriptor;
  readonly summary: MessageDescriptor;
}

/**
 * The console's sections that exist so far, each with the permission it needs (the server's role
 * matrix, docs/console.md). A section the signed-in role lacks is neither linked nor opened.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  {
    to: '/admin/users',
    permission: 'users.read',
    label: msg`Members`,
    summary: msg`Find a member; their membership, orders, devices and sessions; extend, disable, sign out.`,
  },
  {
    to: '/admin/orders',
    permission: 'orders.read',
    label: msg`Orders`,
    summary: msg`Orders and their gateway events; refunds, payments confirmed by hand, payment flags.`,
  },
  {
    to: '/admin/groups',
    permission: 'group-buy.manage',
    label: msg`Group buys`,
    summary: msg`Groups and their seats; end an open group now, with its refunds or codes.`,
  },
  {
    to: '/admin/nodes',
    permission: 'nodes.manage',
    label: msg`Nodes`,
    summary: msg`The VPN nodes' health and traffic; add a node, rotate its token, disable or enable it.`,
  },
  {
    to: '/admin/content',
    permission: 'content.manage',
    label: msg`Content`,
    summary: msg`Announcements to members in both languages, with a start, an end and a banner; the site's links.`,
  },
  {
    to: '/admin/crypto',
    permission: 'crypto.manage',
    label: msg`Crypto`,
    summary: msg`Networks, tokens and receiving addresses for crypto payments; the CNY rate; transfers no order took; credits lost in a reorg.`,
  },
  {
    to: '/admin/kol',
    permission: 'kol.manage',
    label: msg`KOL`,
    summary: msg`KOLs and their rates, commissions and the review queue, settlements and payout hashes checked on chain.`,
  },
  {
    to: '/admin/store',
    permission: 'store.manage',
    label: msg`Store`,
    summary: msg`Plans and prices, promo codes, redeem batches with their CSV, group-buy seat prices and hours.`,
  },
  {
    to: '/admin/staff',
    permission: 'staff.manage',
    label: msg`Staff`,
    summary: msg`Add staff members, change their roles, disable them or reset their two-factor.`,
  },
  {
    to: '/admin/audit',
    permission: 'audit.read',
    label: msg`Audit trail`,
    summary: msg`Every staff action and CLI command, with who, when, from where and what changed.`,
  },
];

export const sectionsFor = (permissions: readonly ConsolePermission[]) =>
  CONSOLE_SECTIONS.filter((section) => permissions.includes(section.permission));
