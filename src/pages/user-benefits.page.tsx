import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function UserBenefitsPage() {
  return (
    <PageIntro title={<Trans>Benefits</Trans>}>
      <Trans>The extra benefits of a yearly plan will be shown here.</Trans>
    </PageIntro>
  );
}
