import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import type { enrolmentLink } from '../../../contract/endpoints/console';
import { CopyField } from '../../components/ui/copy-field';
import { useDateTime } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';

export type EnrolmentLink = z.infer<typeof enrolmentLink>;

/** A new staff member's enrolment link (or a reset's), shown once to pass on. */
export function LinkPanel({ link, onClose }: { link: EnrolmentLink; onClose: () => void }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  return (
    <TitledCard
      look="console-panel"
      className="console-panel--notice"
      title={<Trans>Enrolment link for {link.username}</Trans>}
    >
      <p>
        <Trans>
          Send this link to {link.username} through a channel you trust. It works once, until{' '}
          {dateTime(link.expiresAt)}; it is not shown again.
        </Trans>
      </p>
      <CopyField
        id="enrolment-link"
        label={<Trans>Enrolment link</Trans>}
        value={link.url}
        copyLabel={t`Copy the enrolment link`}
      />
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        <Trans>Done</Trans>
      </button>
    </TitledCard>
  );
}
