import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { KOL_RATES } from '../../../contract/kol';
import { affiliateContactQuery } from '../../lib/queries/affiliate-contact';
import { TitledCard } from '../../components/titled-card';

/** SPEC §6: anyone but a KOL sees "You're not a KOL yet", with how to apply. */
export function NotKolNotice() {
  const contact = useQuery(affiliateContactQuery());
  // The programme's bounds, as /affiliate states them (contract/kol.ts, SPEC §9).
  const firstMin = KOL_RATES.firstMinPercent;
  const firstMax = KOL_RATES.firstMaxPercent;
  const renewalMax = KOL_RATES.renewalMaxPercent;
  return (
    <TitledCard look="kol-card" className="kol-apply" title={<Trans>You're not a KOL yet</Trans>}>
      <p>
        <Trans>
          Creators, bloggers and community owners earn {firstMin}–{firstMax}% commission on their
          friends' first purchase and up to {renewalMax}% on every renewal, paid out in USDT.
        </Trans>
      </p>
      <p>
        <Trans>To apply, contact the partner team with a link to your channel or community.</Trans>
      </p>
      <div className="kol-apply__actions">
        {contact.data ? (
          <a
            className="btn btn-primary"
            href={contact.data.contactUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Trans>Contact the partner team</Trans>
          </a>
        ) : (
          <span className="btn btn-primary is-pending" aria-disabled="true">
            <Trans>Contact the partner team</Trans>
          </span>
        )}
        <Link to="/affiliate" className="btn btn-secondary">
          <Trans>About the programme</Trans>
        </Link>
      </div>
    </TitledCard>
  );
}
