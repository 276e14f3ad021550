import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { ConsolePage } from '../console-page';
import { AddStaffForm } from '../staff/add-staff-form';
import { LinkPanel, type EnrolmentLink } from '../staff/link-panel';
import { StaffList } from '../staff/staff-list';

/** /admin/staff (owners): the staff, adding one (an enrolment link), roles, disabling, resets. */
export default function ConsoleStaffPage() {
  const [link, setLink] = useState<EnrolmentLink | null>(null);
  return (
    <ConsolePage permission="staff.manage" title={<Trans>Staff</Trans>}>
      {link && <LinkPanel link={link} onClose={() => setLink(null)} />}
      <AddStaffForm onAdded={setLink} />
      <StaffList onLink={setLink} />
    </ConsolePage>
  );
}
