import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function DownloadTipsPage() {
  return (
    <PageIntro title={<Trans>Installation tips</Trans>}>
      <Trans>Tips for installing the apps on each platform will be collected here.</Trans>
    </PageIntro>
  );
}
