import { Trans } from '@lingui/react/macro';
import { TitledCard } from '../../components/titled-card';

/** The rules of docs/group-buy.md in plain words; the group's life comes from the server. */
export function GroupRules({ hours }: { hours: number | null }) {
  return (
    <TitledCard look="gb-rules" title={<Trans>How group buy works</Trans>}>
      <ol className="gb-rules__list">
        <li>
          <Trans>
            Pick a plan, a group of 2 or 3, and who pays: you for everyone, or each their own share.
            The price per seat is shown before anyone pays.
          </Trans>
        </li>
        <li>
          {hours === null ? (
            <Trans>You pay first. The group opens as soon as your payment arrives.</Trans>
          ) : (
            <Trans>
              You pay first. The group opens as soon as your payment arrives and stays open for{' '}
              {hours} hours.
            </Trans>
          )}
        </li>
        <li>
          <Trans>
            Send your friends the invite link or let them scan its QR code. They join for free if
            you paid for everyone, or pay their own seat.
          </Trans>
        </li>
        <li>
          <Trans>When every seat is paid for, everyone gets the membership at once.</Trans>
        </li>
        <li>
          <Trans>
            If time runs out first, every share paid is refunded; if you paid for everyone, you keep
            your membership and get a redeem code for each empty seat.
          </Trans>
        </li>
      </ol>
    </TitledCard>
  );
}
