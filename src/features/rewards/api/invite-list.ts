import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/load-api';

/** user_invite_list: the friends invited, with the bonus time each purchase earned. */
export const inviteListQuery = () =>
  queryOptions({
    queryKey: ['invite-list'],
    queryFn: async () => {
      const [{ callApi }, { userInviteList }] = await Promise.all([
        loadApi(),
        import('../../../../contract/endpoints/account-area'),
      ]);
      return callApi(userInviteList, {});
    },
  });
