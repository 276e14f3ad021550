import { queryOptions } from '@tanstack/react-query';
import type { UserInfo } from '../../../contract/endpoints/system';
import { SUCCESS_CODE } from '../../../contract/protocol';
import { ApiError } from '../api-error';
import { loadApi } from '../load-api';
import { USER_INFO_STALE_MS } from '../query-client';
import { clearAuthToken, hasAuthToken } from '../storage';

export const userInfoKey = ['user-info'] as const;

/**
 * The current user. Without a token there is nobody to ask about; a failure throws the server's
 * message (SPEC §8) and a 401 also drops the dead token, so the next page load starts logged out.
 */
export async function fetchUserInfo(): Promise<UserInfo> {
  if (!hasAuthToken()) throw new ApiError(401, '');
  const [{ callApiRaw }, { systemUserInfo }] = await Promise.all([
    loadApi(),
    import('../../../contract/endpoints/system'),
  ]);
  const envelope = await callApiRaw(systemUserInfo, {});
  if (envelope.code !== SUCCESS_CODE) {
    if (envelope.code === 401) clearAuthToken();
    throw new ApiError(envelope.code, envelope.msg);
  }
  const parsed = systemUserInfo.data.safeParse(envelope.data);
  if (!parsed.success) throw new ApiError(envelope.code, 'user info has an unexpected shape');
  return parsed.data;
}

export const userInfoQuery = () =>
  queryOptions({ queryKey: userInfoKey, queryFn: fetchUserInfo, staleTime: USER_INFO_STALE_MS });
