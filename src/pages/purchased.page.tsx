import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function PurchasedPage() {
  return (
    <PageIntro title={<Trans>Purchase result</Trans>}>
      <Trans>The result of your payment, success or failure, will be shown here.</Trans>
    </PageIntro>
  );
}
