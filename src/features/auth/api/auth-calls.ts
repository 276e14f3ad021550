import type { ParamsOf } from '../../../../contract/define-endpoint';
import type * as userEndpoints from '../../../../contract/endpoints/user';
import { callLazy, loadApi } from '../../../lib/load-api';
import { getDeviceTokens, rememberDeviceToken } from '../../../lib/storage';

const endpoints = () => import('../../../../contract/endpoints/user');

type Params<K extends keyof typeof userEndpoints> = ParamsOf<(typeof userEndpoints)[K]>;

/**
 * The session token of these calls arrives in the `pragma` header; the API client stores it. A login
 * also sends the device tokens of earlier logins in this browser and keeps the new one.
 */
export async function login(params: Omit<Params<'userLogin'>, 'deviceTokens'>) {
  const [{ callApi }, { userLogin }] = await Promise.all([loadApi(), endpoints()]);
  const deviceTokens = getDeviceTokens();
  const data = await callApi(userLogin, {
    ...params,
    ...(deviceTokens.length > 0 ? { deviceTokens } : {}),
  });
  rememberDeviceToken(data.userId, data.deviceToken);
  return data;
}

/** Registering signs this browser in: its device token is kept like a login's. */
export async function registerByUsername(params: Params<'registerTypeUsername'>) {
  const data = await callLazy(endpoints(), (m) => m.registerTypeUsername, params);
  rememberDeviceToken(data.userId, data.deviceToken);
  return data;
}

export async function registerWithCode(params: Params<'registerTypeNormal'>) {
  const data = await callLazy(endpoints(), (m) => m.registerTypeNormal, params);
  rememberDeviceToken(data.userId, data.deviceToken);
  return data;
}

export async function sendCode(params: Params<'userSendCode'>) {
  return callLazy(endpoints(), (m) => m.userSendCode, params);
}

export async function resetPassword(params: Params<'userResetPassword'>) {
  return callLazy(endpoints(), (m) => m.userResetPassword, params);
}
