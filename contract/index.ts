/** The endpoint catalogue: every call of the API, by name. */
import * as accountArea from './endpoints/account-area';
import * as accountSecurity from './endpoints/account-security';
import * as nodes from './endpoints/nodes';
import * as notices from './endpoints/notices';
import * as passkeys from './endpoints/passkeys';
import * as crypto from './endpoints/crypto';
import * as kol from './endpoints/kol';
import * as groupBuy from './endpoints/group-buy';
import * as payment from './endpoints/payment';
import * as system from './endpoints/system';
import * as user from './endpoints/user';
import type { Endpoint } from './define-endpoint';

export const endpoints = {
  systemUserInfo: system.systemUserInfo,
  systemClientConfig: system.systemClientConfig,
  systemDisplayConfig: system.systemDisplayConfig,
  systemPageText: system.systemPageText,
  systemRedeemCode: system.systemRedeemCode,
  systemFreeTrial: system.systemFreeTrial,
  systemFreeTrialStatus: system.systemFreeTrialStatus,
  systemAffiliate: system.systemAffiliate,
  systemBenefits: system.systemBenefits,
  systemUserBenefits: system.systemUserBenefits,
  userLogin: user.userLogin,
  registerTypeUsername: user.registerTypeUsername,
  registerTypeNormal: user.registerTypeNormal,
  registerTypeDeviceid: user.registerTypeDeviceid,
  userSendCode: user.userSendCode,
  userResetPassword: user.userResetPassword,
  userLogout: user.userLogout,
  userDeleteAccount: user.userDeleteAccount,
  userGetDeviceList: user.userGetDeviceList,
  userUnbindDevice: user.userUnbindDevice,
  userSecurity: accountSecurity.userSecurity,
  userChangePassword: accountSecurity.userChangePassword,
  userChangeTargetSendCode: accountSecurity.userChangeTargetSendCode,
  userChangeTarget: accountSecurity.userChangeTarget,
  userSessionList: accountSecurity.userSessionList,
  userSessionRevoke: accountSecurity.userSessionRevoke,
  userTotpSetup: accountSecurity.userTotpSetup,
  userTotpEnable: accountSecurity.userTotpEnable,
  userTotpDisable: accountSecurity.userTotpDisable,
  userMessagePreferences: accountSecurity.userMessagePreferences,
  userPasskeyList: passkeys.userPasskeyList,
  userPasskeyRegisterOptions: passkeys.userPasskeyRegisterOptions,
  userPasskeyRegister: passkeys.userPasskeyRegister,
  userPasskeyRename: passkeys.userPasskeyRename,
  userPasskeyRemove: passkeys.userPasskeyRemove,
  userPasskeyLoginOptions: passkeys.userPasskeyLoginOptions,
  userPasskeyLogin: passkeys.userPasskeyLogin,
  userInviteList: accountArea.userInviteList,
  userThirdPartyClient: accountArea.userThirdPartyClient,
  userThirdPartyClientToggle: accountArea.userThirdPartyClientToggle,
  userThirdPartyClientLink: accountArea.userThirdPartyClientLink,
  userNotices: notices.userNotices,
  userNoticeRead: notices.userNoticeRead,
  userNoticeDismiss: notices.userNoticeDismiss,
  systemNoticeBanners: notices.systemNoticeBanners,
  userTraffic: nodes.userTraffic,
  userOnlineDevices: nodes.userOnlineDevices,
  userRemoveOnlineDevice: nodes.userRemoveOnlineDevice,
  userResetSubscription: nodes.userResetSubscription,
  userSubscriptionFetches: nodes.userSubscriptionFetches,
  kolSummary: kol.kolSummary,
  kolCommissionList: kol.kolCommissionList,
  kolSettlementList: kol.kolSettlementList,
  kolInvitationList: kol.kolInvitationList,
  kolRequestPayout: kol.kolRequestPayout,
  paymentShop: payment.paymentShop,
  paymentPurchase: payment.paymentPurchase,
  paymentCoupon: payment.paymentCoupon,
  paymentOrder: payment.paymentOrder,
  paymentOrderCancel: payment.paymentOrderCancel,
  paymentJointPurchase: groupBuy.paymentJointPurchase,
  paymentJointJoinForPay: groupBuy.paymentJointJoinForPay,
  paymentJointJoin: groupBuy.paymentJointJoin,
  paymentJointPurchaseCreated: groupBuy.paymentJointPurchaseCreated,
  paymentJointPurchaseParticipated: groupBuy.paymentJointPurchaseParticipated,
  paymentJointOrder: groupBuy.paymentJointOrder,
  paymentCryptoOptions: crypto.paymentCryptoOptions,
  paymentCryptoQuote: crypto.paymentCryptoQuote,
  paymentCryptoProve: crypto.paymentCryptoProve,
  paymentCryptoSubmit: crypto.paymentCryptoSubmit,
  paymentCryptoStatus: crypto.paymentCryptoStatus,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

export * from './define-endpoint';
export * from './enums';
export * from './errors';
export * from './protocol';
export * from './validation';
export type { UserInfo, ClientConfig, DisplayConfig } from './endpoints/system';
