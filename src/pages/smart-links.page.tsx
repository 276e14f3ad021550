import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function SmartLinksPage() {
  return (
    <PageIntro title={<Trans>Smart download links</Trans>}>
      <Trans>Download links that pick the right app for your device will be listed here.</Trans>
    </PageIntro>
  );
}
