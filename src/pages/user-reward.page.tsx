import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function UserRewardPage() {
  return (
    <PageIntro title={<Trans>Invite friends</Trans>}>
      <Trans>
        Invite friends and earn bonus membership time; your invite link and rewards will be here.
      </Trans>
    </PageIntro>
  );
}
