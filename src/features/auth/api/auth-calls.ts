import type { ParamsOf } from '../../../../contract/define-endpoint';
import type * as userEndpoints from '../../../../contract/endpoints/user';
import { loadApi } from '../../../lib/load-api';

const endpoints = () => import('../../../../contract/endpoints/user');

type Params<K extends keyof typeof userEndpoints> = ParamsOf<(typeof userEndpoints)[K]>;

/** The session token of these calls arrives in the `pragma` header; the API client stores it. */
export async function login(params: Params<'userLogin'>) {
  const [{ callApi }, { userLogin }] = await Promise.all([loadApi(), endpoints()]);
  return callApi(userLogin, params);
}

export async function registerByUsername(params: Params<'registerTypeUsername'>) {
  const [{ callApi }, { registerTypeUsername }] = await Promise.all([loadApi(), endpoints()]);
  return callApi(registerTypeUsername, params);
}

export async function registerWithCode(params: Params<'registerTypeNormal'>) {
  const [{ callApi }, { registerTypeNormal }] = await Promise.all([loadApi(), endpoints()]);
  return callApi(registerTypeNormal, params);
}

export async function sendCode(params: Params<'userSendCode'>) {
  const [{ callApi }, { userSendCode }] = await Promise.all([loadApi(), endpoints()]);
  return callApi(userSendCode, params);
}

export async function resetPassword(params: Params<'userResetPassword'>) {
  const [{ callApi }, { userResetPassword }] = await Promise.all([loadApi(), endpoints()]);
  return callApi(userResetPassword, params);
}
