import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberGroup } from '../../../contract/endpoints/group-buy';
import { useDate, useDateTime, useMoney } from '../../components/formats';
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
  const date = useDate();
  const dateTime = useDateTime();
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
            <Trans>Group ID</Trans>
          </th>
          <th scope="col">
            <Trans>Product</Trans>
          </th>
          <th scope="col">
            <Trans>Creator</Trans>
          </th>
          <th scope="col">
            <Trans>Created on</Trans>
          </th>
          <th scope="col">
            <Trans>Ends on</Trans>
          </th>
          <th scope="col">
            <Trans>Completed on</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <Trans>Devices allowed</Trans>
          </th>
          <th scope="col">
            <Trans>Members joined</Trans>
          </th>
          <th scope="col">
            <Trans>Total amount</Trans>
          </th>
          <th scope="col">
            <Trans>Invite link</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {data.groups.map((group) => {
          const remaining =
            group.endsAt === null ? 0 : Math.max(0, Date.parse(group.endsAt) - serverTime);
          const joined = group.membersJoined;
          const size = group.groupSize;
          return (
            <tr key={group.groupId}>
              <td data-label={t`Group ID`} className="gb-mono">
                {group.groupId}
              </td>
              <td data-label={t`Product`}>
                <div>
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
                    <span className="badge">
                      <Trans>You (creator)</Trans>
                    </span>
                  ) : (
                    group.creator
                  )}
                </div>
              </td>
              <td data-label={t`Created on`}>{date(group.createdAt)}</td>
              <td data-label={t`Ends on`}>
                <div>
                  {group.endsAt ? dateTime(group.endsAt) : '—'}
                  {group.state === 'open' && remaining > 0 && (
                    <>
                      <br />
                      <Countdown remainingMs={remaining} />
                    </>
                  )}
                </div>
              </td>
              <td data-label={t`Completed on`}>
                {group.completedAt ? dateTime(group.completedAt) : '—'}
              </td>
              <td data-label={t`Status`}>
                <div>
                  <GroupStateName state={group.state} />
                  {!group.isCreator && (
                    <>
                      <br />
                      <span className="field__hint">
                        <MemberStateName state={group.myState} />
                      </span>
                    </>
                  )}
                </div>
              </td>
              <td data-label={t`Devices allowed`}>{group.devicesAllowed}</td>
              <td data-label={t`Members joined`}>
                <Trans>
                  {joined} of {size}
                </Trans>
              </td>
              <td data-label={t`Total amount`}>{money(group.total)}</td>
              <td data-label={t`Invite link`}>
                <InviteCell group={group} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Open groups: the link to copy and its QR code on demand; ended pay-all groups: the codes. */
function InviteCell({ group }: { group: MemberGroup }) {
  const { t } = useLingui();
  const [showQr, setShowQr] = useState(false);
  const groupId = group.groupId;
  if (group.redeemCodes.length > 0) {
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
  if (group.state !== 'open') return <span>—</span>;
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
