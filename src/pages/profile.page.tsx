import ProfilePage from '../features/account/profile-page';
import { OrdersCard } from '../features/store/orders-card';
import { RedeemCard } from '../features/store/redeem-card';

/** /user/profile with the store's cards: features meet here, never inside each other. */
export default function Profile() {
  return (
    <ProfilePage>
      <OrdersCard />
      <RedeemCard />
    </ProfilePage>
  );
}
