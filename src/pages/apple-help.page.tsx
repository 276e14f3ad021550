import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function AppleHelpPage() {
  return (
    <PageIntro title={<Trans>Help for Apple devices</Trans>}>
      <Trans>Guidance for using Kestrel VPN on iPhone, iPad and Mac will be here.</Trans>
    </PageIntro>
  );
}
