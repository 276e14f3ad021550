import { callLazy } from '../../../lib/load-api';

/** Permanent: the server revokes every session and erases the personal data. */
export async function deleteAccount(password: string | undefined) {
  return callLazy(import('../../../../contract/endpoints/user'), (m) => m.userDeleteAccount, {
    confirm: true,
    ...(password ? { password } : {}),
  });
}
