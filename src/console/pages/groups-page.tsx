import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Permitted } from '../console-forbidden';
import { GroupList } from '../groups/group-list';
import { GroupRecord } from '../groups/group-record';

/**
 * /admin/groups (support and owners): group buys filtered and paged, one group with its seats and
 * their orders, and ending an open group now with its refunds or codes.
 */
export default function ConsoleGroupsPage() {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <Permitted permission="group-buy.manage">
      <div className="console-page">
        <h1 className="console-page__title">
          <Trans>Group buys</Trans>
        </h1>
        {opened === null ? (
          <GroupList onOpen={setOpened} />
        ) : (
          <GroupRecord key={opened} groupId={opened} onClose={() => setOpened(null)} />
        )}
      </div>
    </Permitted>
  );
}
