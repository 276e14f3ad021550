import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function UserDevicePage() {
  return (
    <PageIntro title={<Trans>Devices</Trans>}>
      <Trans>
        The devices signed in to your account, and a way to remove them, will be listed here.
      </Trans>
    </PageIntro>
  );
}
