import type { ParamsOf } from '../../../../contract/define-endpoint';
import type * as securityEndpoints from '../../../../contract/endpoints/account-security';
import { callLazy, lazyQuery } from '../../../lib/load-api';

const endpoints = () => import('../../../../contract/endpoints/account-security');

type Params<K extends keyof typeof securityEndpoints> = ParamsOf<(typeof securityEndpoints)[K]>;

export const securityKey = ['security'] as const;
export const sessionListKey = ['security', 'sessions'] as const;

/** user_security: the password, two-step sign-in and the recovery codes left. */
export const securityQuery = () => lazyQuery(securityKey, endpoints, (m) => m.userSecurity, {});

/** user_session_list: every signed-in session, the current one marked. */
export const sessionListQuery = () =>
  lazyQuery(sessionListKey, endpoints, (m) => m.userSessionList, {});

export const changePassword = (params: Params<'userChangePassword'>) =>
  callLazy(endpoints(), (m) => m.userChangePassword, params, { quiet: true });

/** A code to a new e-mail or phone: the address and the current password. */
export type ChangeTargetCodeRequest = Params<'userChangeTargetSendCode'>;

export const sendChangeTargetCode = (params: ChangeTargetCodeRequest) =>
  callLazy(endpoints(), (m) => m.userChangeTargetSendCode, params, { quiet: true });

export const changeTarget = (params: Params<'userChangeTarget'>) =>
  callLazy(endpoints(), (m) => m.userChangeTarget, params, { quiet: true });

export const revokeSession = (params: Params<'userSessionRevoke'>) =>
  callLazy(endpoints(), (m) => m.userSessionRevoke, params);

export const startTotpSetup = () => callLazy(endpoints(), (m) => m.userTotpSetup, {});

export const enableTotp = (code: string) =>
  callLazy(endpoints(), (m) => m.userTotpEnable, { code }, { quiet: true });

export const setRenewalReminders = (renewalReminders: boolean) =>
  callLazy(endpoints(), (m) => m.userMessagePreferences, { renewalReminders });

export const disableTotp = (code: string) =>
  callLazy(endpoints(), (m) => m.userTotpDisable, { code }, { quiet: true });
