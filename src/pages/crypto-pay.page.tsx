import { getRouteApi } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

const route = getRouteApi('/crypto-pay/$productId');

export default function CryptoPayPage() {
  const { productId } = route.useParams();
  return (
    <PageIntro title={<Trans>Pay with cryptocurrency</Trans>}>
      <Trans>
        Choose a network and a token, connect your wallet and confirm the payment for product{' '}
        {productId} here.
      </Trans>
    </PageIntro>
  );
}
