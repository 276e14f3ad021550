import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function UserThirdPartyClientPage() {
  return (
    <PageIntro title={<Trans>Third-party client</Trans>}>
      <Trans>
        Switch the third-party client function on or off and import your subscription here.
      </Trans>
    </PageIntro>
  );
}
