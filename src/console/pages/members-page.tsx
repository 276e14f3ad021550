import { Trans } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { ConsolePage } from '../console-page';
import { MemberRecord } from '../members/member-record';
import { MemberSearch } from '../members/member-search';
import { OutageCompensation } from '../members/outage-compensation';
import { useConsoleSession } from '../use-console-session';

const route = getRouteApi('/admin/staff-area/users');

/**
 * /admin/users (support, owners): find a member, read their record, act on it; compensate outages.
 * The member open is in the address (`?member=`), so the back button from a group or an order the
 * record links to, and a reload, come back to it.
 */
export default function ConsoleMembersPage() {
  const session = useConsoleSession();
  const { member } = route.useSearch();
  const navigate = route.useNavigate();
  const open = (userId: number | null) =>
    void navigate({ search: userId === null ? {} : { member: userId } });
  return (
    <ConsolePage permission="users.read" title={<Trans>Members</Trans>}>
      {member === undefined ? (
        <MemberSearch onOpen={open} />
      ) : (
        <MemberRecord key={member} userId={member} onClose={() => open(null)} />
      )}
      {session.permissions.includes('users.bulk') && <OutageCompensation />}
    </ConsolePage>
  );
}
