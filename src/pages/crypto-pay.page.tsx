import { getRouteApi } from '@tanstack/react-router';
import { CryptoPayPage } from '../features/store/crypto/crypto-pay-page';

const route = getRouteApi('/crypto-pay/$productId');

/** The route's lazy chunk: wagmi and viem load only here (DESIGN §7). */
export default function CryptoPayRoute() {
  const { productId } = route.useParams();
  const id = /^\d{1,9}$/.test(productId) ? Number(productId) : -1;
  // A new product is a new payment: the machine starts over.
  return <CryptoPayPage key={id} productId={id} />;
}
