import { Trans } from '@lingui/react/macro';
import { ConsolePage } from '../console-page';
import { CouponsCard } from '../store/coupons-card';
import { GroupBuyCard } from '../store/group-buy-card';
import { PlansCard } from '../store/plans-card';
import { RedeemCard } from '../store/redeem-card';

/**
 * /admin/store (finance, owners): plans and prices, promo codes, redeem batches with their CSV, and
 * group buy's seat prices, hours and switch. Money is typed in major units and sent in minor units.
 */
export default function ConsoleStorePage() {
  return (
    <ConsolePage permission="store.manage" title={<Trans>Store</Trans>} className="console-store">
      <PlansCard />
      <CouponsCard />
      <RedeemCard />
      <GroupBuyCard />
    </ConsolePage>
  );
}
