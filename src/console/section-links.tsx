import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { ConsolePermission } from '../../contract/endpoints/console';
import { useConsoleSession } from './use-console-session';

/**
 * A number another section owns (an order's, a group's), shown as code: wrapped in `link`, which
 * opens it in its own section, when the staff member's role holds `permission`, else alone, so
 * nobody is sent to a page that would refuse them.
 */
function SectionLink({
  permission,
  text,
  link,
}: {
  permission: ConsolePermission;
  text: string;
  link: (content: ReactNode) => ReactNode;
}) {
  const content = <code>{text}</code>;
  return useConsoleSession().permissions.includes(permission) ? link(content) : content;
}

/** An order's number, opening it in /admin/orders (`?order=`). */
export function OrderLink({ orderNo }: { orderNo: string }) {
  return (
    <SectionLink
      permission="orders.read"
      text={orderNo}
      link={(content) => (
        <Link to="/admin/orders" search={{ order: orderNo }}>
          {content}
        </Link>
      )}
    />
  );
}

/** A group's number, opening it in /admin/groups (`?group=`). */
export function GroupLink({ groupId }: { groupId: string }) {
  return (
    <SectionLink
      permission="group-buy.manage"
      text={groupId}
      link={(content) => (
        <Link to="/admin/groups" search={{ group: groupId }}>
          {content}
        </Link>
      )}
    />
  );
}
