import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/** kol_invitation_list: one page of the friends who signed up with the KOL's code. */
export const kolInvitationListQuery = (page: number) =>
  queryOptions({
    queryKey: ['kol', 'invitations', page],
    queryFn: async () => {
      const [{ callApi }, { kolInvitationList }] = await Promise.all([loadApi(), kolEndpoints()]);
      return callApi(kolInvitationList, { page });
    },
    placeholderData: keepPreviousData,
  });
