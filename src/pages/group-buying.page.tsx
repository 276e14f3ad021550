import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function GroupBuyingPage() {
  return (
    <PageIntro title={<Trans>Group buy</Trans>}>
      <Trans>
        Start or join a group of 2 or 3 and share the price of a plan; the group rules and open
        groups will be listed here.
      </Trans>
    </PageIntro>
  );
}
