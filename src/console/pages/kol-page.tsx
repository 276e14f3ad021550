import { Trans } from '@lingui/react/macro';
import { ConsolePage } from '../console-page';
import { CommissionList } from '../kol/commission-list';
import { KolList } from '../kol/kol-list';
import { KolSettings } from '../kol/kol-settings';
import { SettlementList } from '../kol/settlement-list';

/**
 * /admin/kol (owners and finance): the KOLs with their terms and totals, the commissions and the
 * review queue, the settlements with their payout hashes, the settings and the ledger check.
 */
export default function ConsoleKolPage() {
  return (
    <ConsolePage permission="kol.manage" title={<Trans>KOL programme</Trans>}>
      <KolList />
      <CommissionList />
      <SettlementList />
      <KolSettings />
    </ConsolePage>
  );
}
