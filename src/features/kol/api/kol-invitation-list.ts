import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lazyQuery } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/** kol_invitation_list: one page of the friends who signed up with the KOL's code. */
export const kolInvitationListQuery = (page: number) =>
  queryOptions({
    ...lazyQuery(['kol', 'invitations', page], kolEndpoints, (m) => m.kolInvitationList, { page }),
    placeholderData: keepPreviousData,
  });
