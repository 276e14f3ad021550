import { Trans } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { ConsolePage } from '../console-page';
import { GroupList } from '../groups/group-list';
import { GroupRecord } from '../groups/group-record';

const route = getRouteApi('/admin/staff-area/groups');

/**
 * /admin/groups (support and owners): group buys filtered and paged, one group with its seats and
 * their orders, and ending an open group now with its refunds or codes. The group open is in the
 * address (`?group=`): a member's record links to it, and the back button and a reload keep it.
 */
export default function ConsoleGroupsPage() {
  const { group } = route.useSearch();
  const navigate = route.useNavigate();
  const opened = group === undefined ? null : String(group);
  const open = (groupId: string | null) =>
    void navigate({ search: groupId === null ? {} : { group: groupId } });
  return (
    <ConsolePage permission="group-buy.manage" title={<Trans>Group buys</Trans>}>
      {opened === null ? (
        <GroupList onOpen={open} />
      ) : (
        <GroupRecord key={opened} groupId={opened} onClose={() => open(null)} />
      )}
    </ConsolePage>
  );
}
