import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberGroup } from '../../../contract/endpoints/group-buy';
import { useMoney } from '../../components/formats';
import { formatDateTime } from '../../i18n/intl-format';
import { CopyButton } from '../../components/ui/copy-button';
import { QrCode } from '../../components/ui/qr-code';
import { ChannelTabs } from '../../components/ui/tabs';
import { myGroupsQuery } from './api/group-buy-calls';
import { onThisSite } from '../../lib/invite-link';
import { Countdown } from './countdown';
import { GroupStateName, MemberStateName, PaymentTypeName } from './group-format';
import './group-buy.css';

type List = 'created' | 'joined';
const PANEL_ID = 'my-groups-panel';

/** /user/group-buying (SPEC §2): the groups I created and the groups I joined, SPEC §3's columns. */
export default function MyGroupsPage() {
  const { t } = useLingui();
  const [list, setList] = useState<List>('created');
  return (
    <main className="gb">
      <h1 className="page-title">
        <Trans>My group orders</Trans>
      </h1>
      <section className="card gb-mine">
        <ChannelTabs
          label={t`My group orders`}
          panelId={PANEL_ID}
          value={list}
          onChange={setList}
          options={[
            { key: 'created', label: <Trans>Groups I created</Trans> },
            { key: 'joined', label: <Trans>Groups I joined</Trans> },
          ]}
        />
        <div id={PANEL_ID} role="tabpanel">
          <GroupList list={list} />
        </div>
      </section>
    </main>
  );
}

function GroupList({ list }: { list: List }) {
  const { t } = useLingui();
  const { data, isPending, isError } = useQuery(myGroupsQuery(list));
  const money = useMoney();
  if (isPending) {
    return (
      <p className="field__hint" role="status">
        <Trans>Loading</Trans>
      </p>
    );
  }
  if (isError) {
    return (
      <p className="field__error">
        <Trans>Your groups could not be loaded. Please reload the page.</Trans>
      </p>
    );
  }
  if (data.groups.length === 0) {
    return (
      <p className="field__hint">
        {list === 'created' ? (
          <Trans>You have not started a group yet.</Trans>
        ) : (
          <Trans>You have not joined a group yet.</Trans>
        )}{' '}
        <Link to="/group-buying">
          <Trans>How group buy works</Trans>
        </Link>
      </p>
    );
  }
  const serverTime = Date.parse(data.serverTime);
  return (
    <table className="gb-table stacked-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Group</Trans>
          </th>
          <th scope="col">
            <Trans>Creator</Trans>
          </th>
          <th scope="col">
            <Trans>Dates</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <Trans>Members joined</Trans>
          </th>
          <th scope="col">
            <Trans>Amount paid</Trans>
          </th>
          <th scope="col">
            <Trans>Actions</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {data.groups.map((group) => {
          const remaining =
            group.endsAt === null ? 0 : Math.max(0, Date.parse(group.endsAt) - serverTime);
          const joined = group.membersJoined;
          const size = group.groupSize;
          const devices = group.devicesAllowed;
          return (
            <tr key={group.groupId}>
              <td data-label={t`Group`}>
                <div>
                  <span className="gb-mono gb-nowrap">{group.groupId}</span>
                  <br />
                  {group.product}
                  <br />
                  <span className="field__hint">
                    <PaymentTypeName paymentType={group.paymentType} />
                  </span>
                </div>
              </td>
              <td data-label={t`Creator`}>
                <div>
                  {group.isCreator ? (
                    <span className="badge gb-nowrap">
                      <Trans>You (creator)</Trans>
                    </span>
                  ) : (
                    group.creator
                  )}
                </div>
              </td>
              <td data-label={t`Dates`}>
                <GroupDates group={group} remainingMs={remaining} />
              </td>
              <td data-label={t`Status`}>
                <div>
                  <GroupStateName state={group.state} />
                  {/* The creator's own seat says more than the group's state only once refunded. */}
                  {!(
                    group.isCreator &&
                    (group.myState === 'paid' || group.myState === 'reserved')
                  ) && (
                    <>
                      <br />
                      <span className="field__hint">
                        <MemberStateName state={group.myState} />
                      </span>
                    </>
                  )}
                </div>
              </td>
              <td data-label={t`Members joined`}>
                <div>
                  <span className="gb-nowrap">
                    <Trans>
                      {joined} of {size}
                    </Trans>
                  </span>
                  <br />
                  <span className="field__hint">
                    <Trans>Devices allowed: {devices}</Trans>
                  </span>
                </div>
              </td>
              <td data-label={t`Amount paid`} className="gb-nowrap">
                {money(group.amountPaid)}
              </td>
              <td data-label={t`Actions`}>
                <GroupActions group={group} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * When the group started and what its next or last date is: the end while it can still fill,
 * the completion once finished; an ended group shows its state instead (Status). Each date stays
 * on its line (a date broken mid-word is hard to read, in Chinese above all).
 */
function GroupDates({ group, remainingMs }: { group: MemberGroup; remainingMs: number }) {
  const live = group.state === 'open' || group.state === 'awaiting_payment';
  return (
    <dl className="gb-dates">
      <dt>
        <Trans>Created on</Trans>
      </dt>
      <dd>
        <When iso={group.createdAt} withTime={false} />
      </dd>
      {live && group.endsAt && (
        <>
          <dt>
            <Trans>Ends on</Trans>
          </dt>
          <dd>
            <When iso={group.endsAt} />
            {group.state === 'open' && remainingMs > 0 && <Countdown remainingMs={remainingMs} />}
          </dd>
        </>
      )}
      {group.completedAt && (
        <>
          <dt>
            <Trans>Completed on</Trans>
          </dt>
          <dd>
            <When iso={group.completedAt} />
          </dd>
        </>
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
function GroupActions({ group }: { group: MemberGroup }) {
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
