import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField } from './ui/copy-field';

/** The member's invite link in a field with its copy button: /user/reward and the KOL page. */
export function InviteLinkField({ id, link }: { id: string; link: string }) {
  const { t } = useLingui();
  return (
    <CopyField
      id={id}
      label={<Trans>Invite link</Trans>}
      value={link}
      copyLabel={t`Copy invite link`}
    />
  );
}
