import { useMemo } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { GROUP_TOKEN_PATTERN } from '../../../contract/web-routes';
import type { GroupBuyingSearch } from '../../../contract/search-params';
import { GroupBuyFlow } from './group-buy-flow';
import { ContentPage } from '../../components/content-page';
import './group-buy.css';

const route = getRouteApi('/group-buying');

/**
 * `?group=` (an invite link), or `?invite=` holding a group token (a link from before `?group=`;
 * a friend's sign-up code there is not a group), and `?orderId=` (back from the gateway).
 */
function readSearch(search: GroupBuyingSearch) {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  const legacy = text(search.invite);
  const token =
    text(search.group) ?? (legacy !== null && GROUP_TOKEN_PATTERN.test(legacy) ? legacy : null);
  return { token, orderId: text(search.orderId) };
}

/** /group-buying: the rules and a new group, or the group of an invite link (docs/group-buy-web.md). */
export default function GroupBuyingPage() {
  const search = route.useSearch();
  const input = useMemo(() => readSearch(search), [search]);
  return (
    <ContentPage
      className="gb"
      title={<Trans>Group buy</Trans>}
      lead={
        <Trans>
          Share a plan with one or two friends and each of you pays less. Everyone gets the full
          membership on their own account.
        </Trans>
      }
    >
      {/* A new invite link is a new flow: the machine starts again with it. */}
      <GroupBuyFlow key={`${input.token ?? ''}|${input.orderId ?? ''}`} input={input} />
    </ContentPage>
  );
}
