import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function UserKolPage() {
  return (
    <PageIntro title={<Trans>KOL programme</Trans>}>
      <Trans>
        Your commissions, settlements and invitations as a KOL partner will be shown here.
      </Trans>
    </PageIntro>
  );
}
