import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function DownloadPage() {
  return (
    <PageIntro title={<Trans>Download Kestrel VPN</Trans>}>
      <Trans>
        Apps for iPhone and iPad, Android, macOS and Windows, with step-by-step install guides, will
        be offered here.
      </Trans>
    </PageIntro>
  );
}
