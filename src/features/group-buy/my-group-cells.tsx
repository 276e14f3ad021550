import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberGroup } from '../../../contract/endpoints/group-buy';
import { useMoney } from '../../components/formats';
import { formatDateTime } from '../../i18n/intl-format';
import { CopyButton } from '../../components/ui/copy-button';
import { QrCode } from '../../components/ui/qr-code';
import { onThisSite } from '../../lib/invite-link';
import { Countdown } from './countdown';
import { Detail } from '../../components/ui/detail';

/**
 * When the group started and what its next or last date is: the end while it can still fill,
 * the completion once finished; an ended group shows its state instead (Status). Each date stays
 * on its line (a date broken mid-word is hard to read, in Chinese above all).
 */
export function GroupDates({ group, remainingMs }: { group: MemberGroup; remainingMs: number }) {
  const live = group.state === 'open' || group.state === 'awaiting_payment';
  return (
    <dl className="gb-dates">
      <Detail term={<Trans>Created on</Trans>}>
        <When iso={group.createdAt} withTime={false} />
      </Detail>
      {live && group.endsAt && (
        <Detail term={<Trans>Ends on</Trans>}>
          <When iso={group.endsAt} />
          {group.state === 'open' && remainingMs > 0 && <Countdown remainingMs={remainingMs} />}
        </Detail>
      )}
      {group.completedAt && (
        <Detail term={<Trans>Completed on</Trans>}>
          <When iso={group.completedAt} />
        </Detail>
      )}
    </dl>
  );
}

/** A date, and its time on a line of its own: neither is ever broken in the middle. */
function When({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const { i18n } = useLingui();
  return (
    <>
      <span className="gb-nowrap">{formatDateTime(i18n.locale, { dateStyle: 'medium' }, iso)}</span>
      {withTime && (
        <span className="gb-nowrap">
          {formatDateTime(i18n.locale, { timeStyle: 'short' }, iso)}
        </span>
      )}
    </>
  );
}

/**
 * What the reader can do with a group: pay an unpaid order (the creator's, or a reserved share),
 * share an open group's link, or copy the redeem codes an ended pay-all group left.
 */
export function GroupActions({ group }: { group: MemberGroup }) {
  const money = useMoney();
  const amount = money(group.isCreator && group.paymentType === 0 ? group.total : group.seatPrice);
  const payable = group.myState === 'reserved' && group.myPayUrl !== null;
  if (payable) {
    return (
      <a href={group.myPayUrl!} className="btn btn-primary gb-nowrap">
        <Trans>Pay {amount}</Trans>
      </a>
    );
  }
  if (group.redeemCodes.length > 0) return <RedeemCodes group={group} />;
  if (group.state === 'open') return <InviteCell group={group} />;
  return <span>—</span>;
}

function RedeemCodes({ group }: { group: MemberGroup }) {
  const { t } = useLingui();
  return (
    <div className="gb-row-actions">
      <span>
        <Trans>Redeem codes for the empty seats:</Trans>
      </span>
      <ul className="gb-codes">
        {group.redeemCodes.map(({ code, redeemed }) => (
          <li key={code}>
            <code className="gb-mono">{code}</code>{' '}
            {redeemed ? (
              <span className="field__hint">
                <Trans>Redeemed</Trans>
              </span>
            ) : (
              <CopyButton text={code} aria-label={t`Copy redeem code ${code}`} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An open group: the link to copy and its QR code on demand. */
function InviteCell({ group }: { group: MemberGroup }) {
  const { t } = useLingui();
  const [showQr, setShowQr] = useState(false);
  const groupId = group.groupId;
  return (
    <div className="gb-row-actions">
      <CopyButton
        text={onThisSite(window.location.origin, group.inviteLink)}
        aria-label={t`Copy the invite link of group ${groupId}`}
      >
        <Trans>Copy link</Trans>
      </CopyButton>
      <button
        type="button"
        className="btn btn-ghost"
        aria-expanded={showQr}
        onClick={() => setShowQr((shown) => !shown)}
      >
        {showQr ? <Trans>Hide QR code</Trans> : <Trans>Show QR code</Trans>}
      </button>
      {showQr && (
        <QrCode
          value={onThisSite(window.location.origin, group.inviteLink)}
          label={t`QR code of the invite link of group ${groupId}`}
        />
      )}
    </div>
  );
}
