import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { ConsolePage } from '../console-page';
import { GroupList } from '../groups/group-list';
import { GroupRecord } from '../groups/group-record';

/**
 * /admin/groups (support and owners): group buys filtered and paged, one group with its seats and
 * their orders, and ending an open group now with its refunds or codes.
 */
export default function ConsoleGroupsPage() {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <ConsolePage permission="group-buy.manage" title={<Trans>Group buys</Trans>}>
      {opened === null ? (
        <GroupList onOpen={setOpened} />
      ) : (
        <GroupRecord key={opened} groupId={opened} onClose={() => setOpened(null)} />
      )}
    </ConsolePage>
  );
}
