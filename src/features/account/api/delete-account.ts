import { loadApi } from '../../../lib/load-api';

/** Permanent: the server revokes every session and erases the personal data. */
export async function deleteAccount(password: string | undefined) {
  const [{ callApi }, { userDeleteAccount }] = await Promise.all([
    loadApi(),
    import('../../../../contract/endpoints/user'),
  ]);
  return callApi(userDeleteAccount, { confirm: true, ...(password ? { password } : {}) });
}
