import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function UserGroupBuyingPage() {
  return (
    <PageIntro title={<Trans>My group orders</Trans>}>
      <Trans>The groups you created or joined will be listed here.</Trans>
    </PageIntro>
  );
}
