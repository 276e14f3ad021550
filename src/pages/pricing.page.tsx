import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function PricingPage() {
  return (
    <PageIntro title={<Trans>Plans and pricing</Trans>}>
      <Trans>
        Choose a Standard or Lite plan, pick a payment method, apply a promo code and review your
        order here.
      </Trans>
    </PageIntro>
  );
}
