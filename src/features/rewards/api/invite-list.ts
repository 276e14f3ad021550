import { lazyQuery } from '../../../lib/load-api';

/** user_invite_list: the friends invited, with the bonus time each purchase earned. */
export const inviteListQuery = () =>
  lazyQuery(
    ['invite-list'],
    () => import('../../../../contract/endpoints/account-area'),
    (m) => m.userInviteList,
    {},
  );
