import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function LoadingPage() {
  return (
    <PageIntro title={<Trans>Loading</Trans>}>
      <Trans>This page hands you over to the next step as soon as it is ready.</Trans>
    </PageIntro>
  );
}
