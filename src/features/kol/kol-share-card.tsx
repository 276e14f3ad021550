import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { inviteLinkFor } from '../../lib/invite-link';
import { displayConfigQuery } from '../../lib/queries/catalog';
import { InviteQrPanel } from '../../components/invite-qr-panel';
import { InviteLinkField } from '../../components/invite-link-field';
import { Detail } from '../../components/ui/detail';

interface Props {
  inviteCode: string;
  firstRatePercent: number;
  renewalRatePercent: number;
  refundWindowDays: number;
}

/** The KOL's terms and the link that attributes a friend to them (fixed at sign-up). */
export function KolShareCard({
  inviteCode,
  firstRatePercent,
  renewalRatePercent,
  refundWindowDays,
}: Props) {
  const config = useQuery(displayConfigQuery());
  const link = inviteLinkFor(window.location.origin, inviteCode);
  const hours = config.data ? Math.round(config.data.inviteTrialMinutes / 60) : null;
  return (
    <section className="card kol-card" aria-labelledby="kol-share-title">
      <InviteQrPanel link={link} size={144}>
        <div className="kol-share__main">
          <h2 id="kol-share-title" className="kol-card__title">
            <Trans>Your rates and invite link</Trans>
          </h2>
          <dl className="kol-rates">
            <div>
              <Detail term={<Trans>First purchase</Trans>}>{firstRatePercent}%</Detail>
            </div>
            <div>
              <Detail term={<Trans>Renewals</Trans>}>{renewalRatePercent}%</Detail>
            </div>
          </dl>
          <InviteLinkField id="kol-link" link={link} />
          <ul className="kol-notes">
            {hours !== null && (
              <li>
                <Trans>
                  Friends who sign up with your link get {hours} hours of free membership.
                </Trans>
              </li>
            )}
            <li>
              <Trans>
                A commission is pending for {refundWindowDays} days (the refund window), then
                available. A refunded purchase earns nothing.
              </Trans>
            </li>
            <li>
              <Trans>
                A purchase made from a device, network, wallet or payment account you use yourself
                is under review until our team checks it.
              </Trans>
            </li>
          </ul>
        </div>
      </InviteQrPanel>
    </section>
  );
}
