import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function AffiliatePage() {
  return (
    <PageIntro title={<Trans>Affiliate programme</Trans>}>
      <Trans>
        Earn commission on every new signup and renewal you refer; the programme details and how to
        join will be here.
      </Trans>
    </PageIntro>
  );
}
