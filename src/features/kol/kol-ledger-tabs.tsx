import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { KolTab } from '../../../contract/enums';
import '../../components/ui/tabs.css';
import { CommissionTable, InvitationTable, SettlementTable } from './kol-ledger-tables';

const TABS = [KolTab.COMMISSION, KolTab.SETTLEMENT, KolTab.INVITATION] as const;

function TabLabel({ tab }: { tab: KolTab }) {
  if (tab === KolTab.COMMISSION) return <Trans>Commissions</Trans>;
  if (tab === KolTab.SETTLEMENT) return <Trans>Settlements</Trans>;
  return <Trans>Invitations</Trans>;
}

/** SPEC §3's tab keys (commission, settlement, invitation), each a paged table. */
export function KolLedgerTabs({ initialTab }: { initialTab: KolTab }) {
  const [tab, setTab] = useState<KolTab>(initialTab);
  const [pages, setPages] = useState<Record<KolTab, number>>({
    commission: 1,
    settlement: 1,
    invitation: 1,
  });
  const navigate = useNavigate({ from: '/user/kol' });
  const buttons = useRef<Partial<Record<KolTab, HTMLButtonElement | null>>>({});
  const select = (next: KolTab) => {
    setTab(next);
    // The tab is in the address, so a reload or a shared link opens the same one; the page stays
    // where it is scrolled.
    void navigate({
      search: (search) => ({ ...search, tab: next }),
      replace: true,
      resetScroll: false,
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    select(next);
    buttons.current[next]?.focus();
  };
  const page = pages[tab];
  const onPage = (next: number) => setPages((current) => ({ ...current, [tab]: next }));
  return (
    <section className="card kol-card kol-ledger">
      <div className="tabs kol-tabs" role="tablist" onKeyDown={onKeyDown}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(node) => {
              buttons.current[key] = node;
            }}
            type="button"
            role="tab"
            id={`kol-tab-${key}`}
            aria-controls={`kol-panel-${key}`}
            aria-selected={tab === key}
            tabIndex={tab === key ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(key)}
          >
            <TabLabel tab={key} />
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`kol-panel-${tab}`} aria-labelledby={`kol-tab-${tab}`}>
        {tab === KolTab.COMMISSION && <CommissionTable page={page} onPage={onPage} />}
        {tab === KolTab.SETTLEMENT && <SettlementTable page={page} onPage={onPage} />}
        {tab === KolTab.INVITATION && <InvitationTable page={page} onPage={onPage} />}
      </div>
    </section>
  );
}
