import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function TrialPage() {
  return (
    <PageIntro title={<Trans>Free trial</Trans>}>
      <Trans>Try Kestrel VPN free for a short while; the trial will start from this page.</Trans>
    </PageIntro>
  );
}
