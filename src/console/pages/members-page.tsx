import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { ConsolePage } from '../console-page';
import { MemberRecord } from '../members/member-record';
import { MemberSearch } from '../members/member-search';
import { OutageCompensation } from '../members/outage-compensation';
import { useConsoleSession } from '../use-console-session';

/** /admin/users (support, owners): find a member, read their record, act on it; compensate outages. */
export default function ConsoleMembersPage() {
  const session = useConsoleSession();
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <ConsolePage permission="users.read" title={<Trans>Members</Trans>}>
      {opened === null ? (
        <MemberSearch onOpen={setOpened} />
      ) : (
        <MemberRecord userId={opened} onClose={() => setOpened(null)} />
      )}
      {session.permissions.includes('users.bulk') && <OutageCompensation />}
    </ConsolePage>
  );
}
