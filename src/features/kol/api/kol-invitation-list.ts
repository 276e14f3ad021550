import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callLazy } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/** kol_invitation_list: one page of the friends who signed up with the KOL's code. */
export const kolInvitationListQuery = (page: number) =>
  queryOptions({
    queryKey: ['kol', 'invitations', page],
    queryFn: () => callLazy(kolEndpoints(), (m) => m.kolInvitationList, { page }),
    placeholderData: keepPreviousData,
  });
