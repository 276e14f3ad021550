/** The enumerations of SPEC §3, with their exact wire values. */

/** The values of a table of constants, e.g. `0 | 1` for `{ NO: 0, YES: 1 }`. */
export type ValueOf<T> = T[keyof T];

export const DevicePlatform = { IOS: 0, ANDROID: 1, MAC: 2, WINDOWS: 3, OTHER: 4 } as const;
export type DevicePlatform = ValueOf<typeof DevicePlatform>;

export const DeviceType = { MOBILE: 0, PC: 1 } as const;
export type DeviceType = ValueOf<typeof DeviceType>;

export const GroupBuyStatus = { UNFINISHED: 0, FINISHED: 1 } as const;
export type GroupBuyStatus = ValueOf<typeof GroupBuyStatus>;

export const GroupBuyPaymentType = { PAY_ALL: 0, PAY_SELF: 1 } as const;
export type GroupBuyPaymentType = ValueOf<typeof GroupBuyPaymentType>;

export const PaymentStatus = { UNPAID: 0, PAID: 1 } as const;
export type PaymentStatus = ValueOf<typeof PaymentStatus>;

/** Shop group type; the API also accepts the string forms '1' and '2'. */
export const ShopGroupType = { STANDARD: 1, LITE: 2 } as const;
export type ShopGroupType = ValueOf<typeof ShopGroupType>;

export const YesNo = { YES: 1, NO: 0 } as const;
export type YesNo = ValueOf<typeof YesNo>;

export const EnableFlag = { DISABLE: '0', ENABLE: '1' } as const;
export type EnableFlag = ValueOf<typeof EnableFlag>;

export const CommissionSettlement = { UNSETTLED: 0, SETTLED: 1 } as const;
export type CommissionSettlement = ValueOf<typeof CommissionSettlement>;

export const CommissionPurchaseType = { FIRST: 0, RENEWAL: 1 } as const;
export type CommissionPurchaseType = ValueOf<typeof CommissionPurchaseType>;

export const RefereeStatus = { REGISTERED: 0, PAID: 1 } as const;
export type RefereeStatus = ValueOf<typeof RefereeStatus>;

export const KolTab = {
  COMMISSION: 'commission',
  SETTLEMENT: 'settlement',
  INVITATION: 'invitation',
} as const;
export type KolTab = ValueOf<typeof KolTab>;

/** UI locale (BCP 47) and the value sent in the `language` header. */
export const Locale = { ZH_CN: 'zh-CN', EN: 'en' } as const;
export type Locale = ValueOf<typeof Locale>;
export const ApiLanguage = { ZH_CN: 'zh_CN', EN: 'en' } as const;
export type ApiLanguage = ValueOf<typeof ApiLanguage>;
export const API_LANGUAGES = ['en', 'zh_CN'] as const;

/** Client platform detected from the user agent; anything unknown counts as WINDOWS. */
export const ClientPlatform = {
  IOS: 'IOS',
  ANDROID: 'ANDROID',
  MAC: 'MAC',
  WINDOWS: 'WINDOWS',
} as const;
export type ClientPlatform = ValueOf<typeof ClientPlatform>;

/** The `platform` header: lowercase, one RSA key pair each. */
export const API_PLATFORMS = ['ios', 'android', 'mac', 'windows'] as const;
export type ApiPlatform = (typeof API_PLATFORMS)[number];

export const AppEnv = { DEV: 'DEV', TEST: 'TEST', PROD: 'PROD' } as const;
export type AppEnv = ValueOf<typeof AppEnv>;

export const TRACKING_PARAMS = ['gclid', 'wbraid', 'gbraid', 'twclid', 'bd_vid'] as const;
export const TRACKING_HEADERS = { gclid: 'x-gid', bd_vid: 'x-bd-vid', twclid: 'x-twclid' } as const;
export const MARKETING_SOURCE = 'marketing';

/** Channels a verification code can be sent through. */
export const CodeChannel = { EMAIL: 'email', PHONE: 'phone' } as const;
export type CodeChannel = ValueOf<typeof CodeChannel>;

/** What a verification code may be used for; a code is bound to one purpose and one target. */
export const CodePurpose = {
  REGISTER: 'register',
  RESET_PASSWORD: 'reset_password',
  /** A new e-mail or phone for a signed-in member's account (user_change_target). */
  CHANGE_TARGET: 'change_target',
} as const;
export type CodePurpose = ValueOf<typeof CodePurpose>;
