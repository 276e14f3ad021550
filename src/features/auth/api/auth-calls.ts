import type { ParamsOf } from '../../../../contract/define-endpoint';
import type * as userEndpoints from '../../../../contract/endpoints/user';
import { Errors } from '../../../../contract/errors';
import { errorCodeOf, isApiError } from '../../../lib/api-error';
import { callLazy, loadApi } from '../../../lib/load-api';
import { showToast } from '../../../lib/toast-store';
import { getPasskey } from '../../../lib/passkey-ceremony';
import { getDeviceTokens, rememberDeviceToken } from '../../../lib/storage';

const endpoints = () => import('../../../../contract/endpoints/user');
const passkeyEndpoints = () => import('../../../../contract/endpoints/passkeys');

type Params<K extends keyof typeof userEndpoints> = ParamsOf<(typeof userEndpoints)[K]>;

/**
 * The refusals the login page shows on its second step itself instead of as a toast: the request for
 * a code, and what is wrong with the code typed (docs/account-security.md).
 */
const SHOWN_BY_THE_SECOND_STEP: ReadonlySet<number> = new Set([
  Errors.TOTP_REQUIRED.code,
  Errors.TOTP_CODE_INVALID.code,
  Errors.RECOVERY_CODE_INVALID.code,
  Errors.TOO_MANY_FAILED_ATTEMPTS.code,
  Errors.PASSKEY_INVALID.code,
  Errors.PASSKEY_CEREMONY_EXPIRED.code,
]);

/**
 * The session token of these calls arrives in the `pragma` header; the API client stores it. A login
 * also sends the device tokens of earlier logins in this browser and keeps the new one. Refusals are
 * toasts, as for every call, except the second step's own (TOTP_REQUIRED always; a wrong code or the
 * throttle while a code is sent), which the page shows beside the code field.
 */
export async function login(params: Omit<Params<'userLogin'>, 'deviceTokens'>) {
  const [{ callApiQuiet }, { userLogin }] = await Promise.all([loadApi(), endpoints()]);
  const deviceTokens = getDeviceTokens();
  const withCode =
    params.totpCode !== undefined ||
    params.recoveryCode !== undefined ||
    params.passkey !== undefined;
  try {
    const data = await callApiQuiet(userLogin, {
      ...params,
      ...(deviceTokens.length > 0 ? { deviceTokens } : {}),
    });
    rememberDeviceToken(data.userId, data.deviceToken);
    return data;
  } catch (error) {
    const code = errorCodeOf(error);
    const inline =
      code === Errors.TOTP_REQUIRED.code || (withCode && SHOWN_BY_THE_SECOND_STEP.has(code));
    if (!inline && isApiError(error)) showToast(error.msg);
    throw error;
  }
}

/**
 * A sign-in with a passkey and no password: a challenge, this device's passkey, `user_passkey_login`.
 * Every refusal (the browser's too) is shown by the login page under its passkey button.
 */
export async function passkeySignIn() {
  const [{ callApiQuiet }, { userPasskeyLoginOptions, userPasskeyLogin }] = await Promise.all([
    loadApi(),
    passkeyEndpoints(),
  ]);
  const { options } = await callApiQuiet(userPasskeyLoginOptions, {});
  const credential = await getPasskey(options);
  const deviceTokens = getDeviceTokens();
  const data = await callApiQuiet(userPasskeyLogin, {
    credential,
    ...(deviceTokens.length > 0 ? { deviceTokens } : {}),
  });
  rememberDeviceToken(data.userId, data.deviceToken);
  return data;
}

/** The second step with a passkey: a challenge, this device's passkey, then `user_login` with both. */
export async function passkeySecondStep(params: { account: string; password: string }) {
  const [{ callApiQuiet }, { userPasskeyLoginOptions }] = await Promise.all([
    loadApi(),
    passkeyEndpoints(),
  ]);
  const { options } = await callApiQuiet(userPasskeyLoginOptions, {});
  const passkey = await getPasskey(options);
  return login({ ...params, passkey });
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

/** A register or reset code's request: the address and the purpose. */
export type CodeRequest = Params<'userSendCode'>;

export async function sendCode(params: CodeRequest) {
  return callLazy(endpoints(), (m) => m.userSendCode, params);
}

export async function resetPassword(params: Params<'userResetPassword'>) {
  return callLazy(endpoints(), (m) => m.userResetPassword, params);
}
