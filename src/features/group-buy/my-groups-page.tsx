import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMoney } from '../../components/formats';
import { DataTable } from '../../components/ui/data-table';
import { ChannelTabs } from '../../components/ui/tabs';
import { myGroupsQuery } from './api/group-buy-calls';
import { GroupActions, GroupDates } from './my-group-cells';
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
  const serverTime = Date.parse(data.serverTime);
  return (
    <DataTable
      className="gb-table"
      rows={data.groups}
      rowKey={(group) => group.groupId}
      empty={
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
      }
      columns={[
        {
          key: 'group',
          header: t`Group`,
          cell: (group) => (
            <div>
              <span className="gb-mono gb-nowrap">{group.groupId}</span>
              <br />
              {group.product}
              <br />
              <span className="field__hint">
                <PaymentTypeName paymentType={group.paymentType} />
              </span>
            </div>
          ),
        },
        {
          key: 'creator',
          header: t`Creator`,
          cell: (group) => (
            <div>
              {group.isCreator ? (
                <span className="badge gb-nowrap">
                  <Trans>You (creator)</Trans>
                </span>
              ) : (
                group.creator
              )}
            </div>
          ),
        },
        {
          key: 'dates',
          header: t`Dates`,
          cell: (group) => (
            <GroupDates
              group={group}
              remainingMs={
                group.endsAt === null ? 0 : Math.max(0, Date.parse(group.endsAt) - serverTime)
              }
            />
          ),
        },
        {
          key: 'status',
          header: t`Status`,
          cell: (group) => (
            <div>
              <GroupStateName state={group.state} />
              {/* The creator's own seat says more than the group's state only once refunded. */}
              {!(group.isCreator && (group.myState === 'paid' || group.myState === 'reserved')) && (
                <>
                  <br />
                  <span className="field__hint">
                    <MemberStateName state={group.myState} />
                  </span>
                </>
              )}
            </div>
          ),
        },
        {
          key: 'members',
          header: t`Members joined`,
          cell: (group) => {
            const joined = group.membersJoined;
            const size = group.groupSize;
            const devices = group.devicesAllowed;
            return (
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
            );
          },
        },
        {
          key: 'paid',
          header: t`Amount paid`,
          className: 'gb-nowrap',
          cell: (group) => money(group.amountPaid),
        },
        { key: 'actions', header: t`Actions`, cell: (group) => <GroupActions group={group} /> },
      ]}
    />
  );
}
