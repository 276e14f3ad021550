import { queryOptions } from '@tanstack/react-query';
import { callLazy } from '../../../lib/load-api';

/** user_invite_list: the friends invited, with the bonus time each purchase earned. */
export const inviteListQuery = () =>
  queryOptions({
    queryKey: ['invite-list'],
    queryFn: () =>
      callLazy(import('../../../../contract/endpoints/account-area'), (m) => m.userInviteList, {}),
  });
