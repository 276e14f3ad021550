/**
 * The error catalogue. Every failure the server answers with, and every message the SPA shows for a
 * failure of its own (SPEC §5, §8), has a stable numeric code here with its en and zh_CN text.
 * `docs/errors.md` is generated from this file.
 */
import type { ApiLanguage } from './enums';
import { INTERNAL, PAGE_LOAD_FAILED, UNAUTHORIZED } from './shell-errors';

interface ErrorEntry {
  readonly code: number;
  readonly en: string;
  readonly zh_CN: string;
}

const entry = (code: number, en: string, zh_CN: string): ErrorEntry => ({ code, en, zh_CN });

export const Errors = {
  // --- protocol (1xxx) ---
  BAD_REQUEST: entry(1000, 'Please check your input', '请检查您的输入'),
  SIGNATURE_INVALID: entry(1001, 'Invalid request signature.', '请求签名无效。'),
  SIGNATURE_EXPIRED: entry(
    1002,
    'Request expired. Please check your device clock and try again.',
    '请求已过期，请检查设备时间后重试。',
  ),
  SIGNATURE_REPLAYED: entry(1003, 'Duplicate request.', '重复的请求。'),
  PLATFORM_INVALID: entry(1004, 'Unsupported platform.', '不支持的平台。'),
  RATE_LIMITED: entry(
    1005,
    'Too many requests. Please try again later.',
    '请求过于频繁，请稍后再试。',
  ),
  PAYLOAD_TOO_LARGE: entry(1006, 'Request too large.', '请求内容过大。'),
  ENDPOINT_NOT_FOUND: entry(1007, 'Unknown API.', '未知的接口。'),
  // 1008-1099: protocol hardening
  INPUT_INVALID_CHARACTER: entry(
    1008,
    'Your input contains a character that is not allowed.',
    '输入内容包含不允许的字符。',
  ),
  NUMBER_OUT_OF_RANGE: entry(
    1009,
    'A number in the request is out of range.',
    '请求中的数字超出范围。',
  ),
  SERVER_BUSY: entry(
    1010,
    'The service is busy. Please try again in a moment.',
    '服务繁忙，请稍后重试。',
  ),
  INTERNAL,
  UNAUTHORIZED,

  // --- client-side (15xx): shown by the SPA, never sent by the server ---
  NETWORK_ERROR: entry(1500, 'Network error. Please try again later.', '网络错误，请稍后再试。'),
  PAGE_LOAD_FAILED,
  AGREEMENT_REQUIRED: entry(
    1501,
    'Please agree to the User Agreement and Privacy Policy',
    '请阅读并同意用户协议和隐私政策',
  ),

  // --- accounts (2xxx) ---
  INVALID_CREDENTIALS: entry(2001, 'Incorrect account or password.', '账号或密码错误。'),
  USERNAME_UNAVAILABLE: entry(2002, 'This username is not available.', '该用户名不可用。'),
  CODE_INVALID: entry(2004, 'Invalid or expired verification code.', '验证码错误或已过期。'),
  CODE_TOO_MANY_ATTEMPTS: entry(
    2005,
    'Too many wrong attempts. Please request a new code.',
    '错误次数过多，请重新获取验证码。',
  ),
  CODE_COOLDOWN: entry(2006, 'Please wait before requesting another code.', '请稍后再获取验证码。'),
  CODE_DAILY_LIMIT: entry(
    2007,
    'Too many codes requested today. Please try again tomorrow.',
    '今日获取验证码次数过多，请明天再试。',
  ),
  PASSWORD_TOO_SHORT: entry(
    2008,
    'Password must be at least 8 characters',
    '密码至少需要 8 个字符',
  ),
  PASSWORD_TOO_LONG: entry(2009, 'Password must be at most 128 characters', '密码最多 128 个字符'),
  INVALID_EMAIL: entry(2010, 'Invalid email address', '邮箱地址无效'),
  INVALID_PHONE: entry(2011, 'Invalid phone number', '手机号码无效'),
  INVALID_USERNAME: entry(
    2012,
    'Username must be 3 to 32 letters, digits or underscores, starting with a letter.',
    '用户名须为 3 到 32 位字母、数字或下划线，并以字母开头。',
  ),
  INVITE_CODE_INVALID: entry(2013, 'Invalid invite code.', '邀请码无效。'),
  ACCOUNT_DISABLED: entry(
    2014,
    'This account has been disabled. Please contact support.',
    '该账号已被停用，请联系客服。',
  ),
  DEVICE_ID_INVALID: entry(
    2015,
    'Device ID error. Please retry or contact support.',
    '设备 ID 错误，请重试或联系客服',
  ),
  DELETE_CONFIRMATION_REQUIRED: entry(
    2016,
    'Please confirm that you want to delete your account permanently.',
    '请确认永久删除您的账号。',
  ),
  PASSWORD_INCORRECT: entry(2017, 'Incorrect password.', '密码错误。'),
  REQUIRED_USERNAME: entry(2020, 'Please enter your username', '请输入用户名'),
  REQUIRED_ACCOUNT: entry(
    2021,
    'Please enter your username, email or phone',
    '请输入用户名、邮箱或手机号',
  ),
  REQUIRED_EMAIL: entry(2022, 'Please enter your email', '请输入邮箱'),
  REQUIRED_PHONE: entry(2023, 'Please enter your phone number', '请输入手机号'),
  REQUIRED_PASSWORD: entry(2024, 'Please enter your password', '请输入密码'),
  REQUIRED_CODE: entry(2025, 'Please enter the verification code', '请输入验证码'),
  PASSWORDS_DIFFER: entry(2026, 'The two passwords do not match', '两次输入的密码不一致'),
  /** PROD without a transport for the channel (no SMS adapter yet): docs/operations.md. */
  CODE_CHANNEL_UNAVAILABLE: entry(
    2029,
    'Codes cannot be sent by SMS at the moment. Please use your e-mail address instead.',
    '暂时无法通过短信发送验证码，请改用邮箱。',
  ),
  // 2030-2099: account hardening
  TOO_MANY_FAILED_ATTEMPTS: entry(
    2030,
    'Too many failed attempts. Please wait {retryAfterSeconds} s and try again.',
    '尝试次数过多，请 {retryAfterSeconds} 秒后再试。',
  ),
  // 2031-2049: account security (issue 22; docs/account-security.md)
  TOTP_REQUIRED: entry(
    2031,
    'Enter the 6-digit code from your authenticator app to finish signing in.',
    '请输入身份验证器应用中的 6 位验证码以完成登录。',
  ),
  TOTP_ALREADY_ENABLED: entry(2032, 'Two-step sign-in is already on.', '两步登录已开启。'),
  TOTP_NOT_ENABLED: entry(2033, 'Two-step sign-in is not on.', '两步登录未开启。'),
  TOTP_SETUP_NOT_STARTED: entry(
    2034,
    'Start the setup again: scan the new QR code, then enter its code.',
    '请重新开始设置：扫描新的二维码，再输入验证码。',
  ),
  RECOVERY_CODE_INVALID: entry(
    2035,
    'This recovery code is wrong or has been used already.',
    '恢复码错误或已被使用。',
  ),
  SESSION_NOT_FOUND: entry(2036, 'This session has ended already.', '该会话已结束。'),
  NEW_PASSWORD_SAME: entry(
    2037,
    'The new password must be different from the current one.',
    '新密码不能与当前密码相同。',
  ),
  PASSWORD_NOT_SET: entry(
    2038,
    'This account signs in without a password, so there is none to change.',
    '该账号无需密码登录，没有可修改的密码。',
  ),
  // The change of an account's e-mail or phone (user_change_target).
  TARGET_SAME: entry(
    2047,
    'This is already the e-mail address or phone number of your account.',
    '这已经是您账号的邮箱或手机号。',
  ),
  TARGET_UNAVAILABLE: entry(
    2048,
    'This address was just taken by another account. Please use another one.',
    '该地址刚刚已被其他账号使用，请换一个。',
  ),

  // --- store (3xxx) ---
  INVALID_PRODUCT_ID: entry(3001, 'Invalid product ID.', '无效的商品 ID。'),
  REQUIRED_PROMO_CODE: entry(3002, 'Please enter a promo code', '请输入优惠码'),
  REQUIRED_REDEEM_CODE: entry(3003, 'Please enter a redeem code', '请输入兑换码'),
  PAYMENT_NOT_DETECTED: entry(
    3004,
    "If your payment went through but wasn't detected, please contact support.",
    '如果您已付款但未到账，请联系客服。',
  ),
  COUPON_INVALID: entry(3005, 'This promo code is not valid.', '该优惠码无效。'),
  COUPON_EXPIRED: entry(3006, 'This promo code has expired.', '该优惠码已过期。'),
  COUPON_NOT_STARTED: entry(3007, 'This promo code is not valid yet.', '该优惠码尚未生效。'),
  COUPON_NOT_FOR_PLAN: entry(
    3008,
    'This promo code does not apply to this plan.',
    '该优惠码不适用于此套餐。',
  ),
  COUPON_USED_UP: entry(3009, 'This promo code has been fully used.', '该优惠码已被领完。'),
  COUPON_USER_LIMIT: entry(3010, 'You have already used this promo code.', '您已使用过该优惠码。'),
  PAYMENT_METHOD_UNAVAILABLE: entry(
    3011,
    'This payment method is not available.',
    '该支付方式暂不可用。',
  ),
  CURRENCY_UNAVAILABLE: entry(
    3012,
    'This plan is not sold in that currency.',
    '该套餐不支持此币种。',
  ),
  ORDER_NOT_FOUND: entry(3013, 'Order not found.', '订单不存在。'),
  ORDER_NOT_CANCELLABLE: entry(
    3014,
    'Only an unpaid order can be cancelled.',
    '只能取消未支付的订单。',
  ),
  ORDER_EXPIRED: entry(
    3015,
    'This order has expired. Please place a new one.',
    '该订单已过期，请重新下单。',
  ),
  REDEEM_CODE_INVALID: entry(3016, 'This redeem code is not valid.', '该兑换码无效。'),
  REDEEM_CODE_USED_UP: entry(3017, 'This redeem code has already been used.', '该兑换码已被使用。'),
  REDEEM_CODE_EXPIRED: entry(3018, 'This redeem code has expired.', '该兑换码已过期。'),
  REDEEM_CODE_ALREADY_REDEEMED: entry(
    3019,
    'You have already redeemed this code.',
    '您已兑换过该兑换码。',
  ),
  TRIAL_USED: entry(3020, 'You have already used your free trial.', '您已使用过免费试用。'),
  TRIAL_MEMBERS_ONLY_NEW: entry(
    3021,
    'The free trial is for accounts that have never had a membership.',
    '免费试用仅适用于从未开通过会员的账户。',
  ),
  // 3061-3069: the free trial's refusals, each with its true reason (issue 19)
  TRIAL_USED_ON_DEVICE: entry(
    3061,
    'This device has already had a free trial on another account.',
    '此设备已在其他账户上使用过免费试用。',
  ),
  TRIAL_HAD_INVITE_TRIAL: entry(
    3062,
    'Your free trial was the one you got when you signed up with an invite code.',
    '您注册时已通过邀请码获得过免费试用。',
  ),
  GATEWAY_UNAVAILABLE: entry(
    3022,
    'The payment service is unavailable. Please try again later.',
    '支付服务暂不可用，请稍后再试。',
  ),
  TOO_MANY_PENDING_ORDERS: entry(
    3023,
    'You have too many unpaid orders. Pay or cancel one first.',
    '您有过多未支付订单，请先支付或取消。',
  ),
  IDEMPOTENCY_KEY_REUSED: entry(
    3024,
    'This request was already used for a different order. Please try again.',
    '该请求已用于其他订单，请重试。',
  ),
  // 3025-3039: store server
  COUPON_WRONG_CURRENCY: entry(
    3025,
    'This promo code applies to payments in another currency.',
    '该优惠码不适用于此币种的付款。',
  ),
  ORDER_CLOSED: entry(
    3026,
    'This order is closed. Please place a new one.',
    '该订单已关闭，请重新下单。',
  ),

  // --- group buy (4xxx) ---
  GROUP_CREATOR_NOT_PAID: entry(
    4001,
    'The group creator has not paid yet.',
    '团长尚未付款，暂时无法加入。',
  ),
  GROUP_ALREADY_JOINED: entry(4002, 'You have already joined this group.', '您已加入该拼团。'),
  GROUP_FULL: entry(4003, 'This group is full.', '该拼团人数已满。'),
  // 4004-4099: group buy (docs/group-buy.md)
  GROUP_NOT_FOUND: entry(
    4004,
    'This group does not exist. Please check the invite link.',
    '该拼团不存在，请检查邀请链接。',
  ),
  GROUP_ENDED: entry(4005, 'This group has ended.', '该拼团已结束。'),
  GROUP_OWN: entry(
    4006,
    'This is your own group. Share the invite link with your friends.',
    '这是您自己发起的拼团，请将邀请链接分享给好友。',
  ),
  GROUP_BUY_OFF: entry(4007, 'Group buy has not started yet.', '拼团活动尚未开始。'),
  GROUP_NOT_OFFERED: entry(
    4008,
    'Group buy is not offered for this plan and group size.',
    '该套餐暂不支持此人数的拼团。',
  ),
  GROUP_PAY_OWN_SHARE: entry(
    4009,
    'In this group everyone pays their own share. Please use Join and pay.',
    '该拼团需各自付款，请使用“参团并付款”。',
  ),
  GROUP_JOIN_FREE: entry(
    4010,
    'Your friend has paid for every seat. Join for free.',
    '好友已为所有成员付款，请直接免费参团。',
  ),
  GROUP_SIZE_INVALID: entry(4011, 'A group has 2 or 3 members.', '拼团人数为 2 人或 3 人。'),
  GROUP_PAYMENT_TYPE_INVALID: entry(
    4012,
    'Please choose to pay for everyone or to pay your own share.',
    '请选择为所有人付款或各自付款。',
  ),

  // --- crypto (5xxx) ---
  CRYPTO_DETAILS_FAILED: entry(5001, 'Failed to get payment details.', '获取支付信息失败。'),
  CRYPTO_TX_FAILED: entry(5002, 'Transaction failed.', '交易失败。'),
  CRYPTO_INSUFFICIENT_BALANCE: entry(5003, 'Insufficient balance.', '余额不足。'),
  CRYPTO_UNSUPPORTED: entry(5004, 'Unsupported network or token.', '不支持的网络或代币。'),
  CRYPTO_WALLET_NOT_CONNECTED: entry(5005, 'Wallet not connected.', '钱包未连接。'),
  CRYPTO_SWITCH_NETWORK: entry(
    5006,
    'Please switch your wallet to the required network.',
    '请将钱包切换到所需网络。',
  ),
  CRYPTO_CONNECT_FAILED: entry(
    5007,
    'Wallet connection failed. Please disconnect and retry.',
    '钱包连接失败，请断开后重试。',
  ),
  CRYPTO_WALLET_NOT_FOUND: entry(5008, 'Wallet not found.', '未找到钱包。'),
  // 5009-5099: crypto payment (docs/crypto-pay.md)
  CRYPTO_USER_REJECTED: entry(
    5009,
    'You declined the request in your wallet.',
    '您已在钱包中拒绝了该请求。',
  ),
  CRYPTO_WRONG_RECIPIENT: entry(
    5010,
    'This transaction does not pay the quoted address.',
    '该交易未向报价中的收款地址付款。',
  ),
  CRYPTO_WRONG_TOKEN: entry(
    5011,
    'This transaction sends a different token from the one quoted.',
    '该交易发送的代币与报价不符。',
  ),
  CRYPTO_WRONG_PAYER: entry(
    5012,
    'This transaction was sent from a different wallet from the one connected.',
    '该交易不是从已连接的钱包发出的。',
  ),
  CRYPTO_UNDERPAID: entry(
    5013,
    'The amount received is less than the quote. Send the rest before the quote expires.',
    '到账金额少于报价，请在报价过期前补足差额。',
  ),
  CRYPTO_TX_NOT_FOUND: entry(
    5014,
    'This transaction is not on the network (any more). It may have been dropped or replaced.',
    '网络上（已）找不到该交易，它可能已被丢弃或替换。',
  ),
  CRYPTO_TX_BEFORE_QUOTE: entry(
    5015,
    'This transaction was made before the quote and cannot pay it.',
    '该交易早于报价，不能用于支付此订单。',
  ),
  CRYPTO_TX_ALREADY_USED: entry(
    5016,
    'This transaction has already paid another order.',
    '该交易已用于支付其他订单。',
  ),
  CRYPTO_QUOTE_EXPIRED: entry(
    5017,
    'This quote has expired. Please get a new one.',
    '该报价已过期，请重新获取。',
  ),
  CRYPTO_WRONG_NETWORK: entry(
    5018,
    'This transaction is on a different network from the one quoted.',
    '该交易所在的网络与报价不符。',
  ),
  CRYPTO_PRICE_CHANGED: entry(
    5019,
    'The payment arrived after the quote expired and the price has changed since. Support will contact you.',
    '付款在报价过期后到账，且价格已变动，客服将与您联系。',
  ),
  CRYPTO_TOO_LATE: entry(
    5020,
    'The payment arrived more than 7 days after the quote expired. Please contact support.',
    '付款在报价过期 7 天后才到账，请联系客服。',
  ),
  // 5031-5039: issue 19, items 2 and 6 (crypto-rpc branch; docs/crypto-pay.md)
  CRYPTO_TOO_MANY_PENDING_TX: entry(
    5031,
    'This order already has 5 transactions that are not on the network yet. Wait for them to confirm, or get a new quote.',
    '该订单已有 5 笔尚未上链的交易，请等待确认，或重新获取报价。',
  ),
  CRYPTO_SUBMIT_LIMITED: entry(
    5032,
    'Too many transactions were submitted from this account in the last hour. Please try again later.',
    '您的账号在过去一小时内提交的交易过多，请稍后再试。',
  ),
  CRYPTO_PAYMENT_REVERSED: entry(
    5033,
    'The transaction that paid this order is no longer on the network. Your membership stays while support reviews the payment; they will contact you.',
    '支付此订单的交易已不在网络上。客服审核期间您的会员保持不变，客服将与您联系。',
  ),
  // 5040-5049: the payer's proof that the quote's account controls its wallet (docs/crypto-pay.md)
  CRYPTO_PROOF_REQUIRED: entry(
    5040,
    'Sign the message in your wallet first: it proves the wallet is yours.',
    '请先在钱包中签名，以证明该钱包属于您。',
  ),
  CRYPTO_PROOF_INVALID: entry(
    5041,
    'The wallet signature is not valid for this payment. Please sign again.',
    '钱包签名对此付款无效，请重新签名。',
  ),
  CRYPTO_PROOF_WRONG_SIGNER: entry(
    5042,
    'The message was signed by a different wallet from the one paying. Sign with the paying wallet.',
    '签名的钱包与付款钱包不同，请使用付款钱包签名。',
  ),
  CRYPTO_PROOF_UNCHECKED: entry(
    5043,
    'Your signature could not be checked right now. Please try again.',
    '暂时无法验证您的签名，请重试。',
  ),

  // --- account area (6xxx) ---
  THIRD_PARTY_IMPORT_FAILED: entry(
    6001,
    'Import failed. Please copy the subscription link and add it manually.',
    '导入失败，请复制订阅链接手动添加。',
  ),
  DEVICE_LIMIT_REACHED: entry(
    6002,
    'Your plan allows {limit, plural, one {# device} other {# devices}} at once and all are in use. Sign in on the website, remove a device under Personal centre > Devices, then try again.',
    '您的套餐最多同时使用 {limit} 台设备，已全部占用。请在网站登录，到「个人中心 > 设备管理」移除一台设备后重试。',
  ),
  DEVICE_NOT_FOUND: entry(6003, 'This device is not on your account.', '您的账号下没有该设备。'),
  THIRD_PARTY_COOLDOWN: entry(
    6004,
    'The third-party client function can be enabled once every 7 days. Please try again later.',
    '第三方客户端功能每 7 天只能开启一次，请稍后再试。',
  ),
  THIRD_PARTY_NOT_ENABLED: entry(
    6005,
    'Please enable the third-party client function first.',
    '请先开启第三方客户端功能。',
  ),
  MEMBERSHIP_REQUIRED: entry(
    6006,
    'This needs an active membership. Please buy a plan first.',
    '此功能需要有效会员，请先购买套餐。',
  ),
  BENEFITS_NOT_ELIGIBLE: entry(
    6007,
    'Benefits are for members with an active yearly plan.',
    '福利仅限年付会员在有效期内享受。',
  ),

  // --- kol (7xxx) ---
  KOL_NOT_A_KOL: entry(
    7001,
    "You're not a KOL yet. Contact the partner team to join the programme.",
    '您还不是 KOL。如需加入推广计划，请联系合作团队。',
  ),
  KOL_BELOW_THRESHOLD: entry(
    7002,
    'A payout can be requested once your available commission reaches $100.',
    '可提现佣金满 100 美元后才能申请提现。',
  ),
  KOL_NO_PAYOUT_ADDRESS: entry(
    7003,
    'No payout address is set yet. Please contact the partner team to add one.',
    '尚未设置收款地址，请联系合作团队添加。',
  ),

  // --- operator console (8xxx): staff sign-in, enrolment, roles, audit (docs/console.md) ---
  STAFF_SIGN_IN_FAILED: entry(
    8001,
    'Incorrect username, password or code.',
    '用户名、密码或验证码错误。',
  ),
  CONSOLE_SIGNED_OUT: entry(
    8002,
    'Your console session has ended. Please sign in again.',
    '控制台会话已结束，请重新登录。',
  ),
  CONSOLE_FORBIDDEN: entry(
    8003,
    'Your role does not allow this action.',
    '您的角色无权执行此操作。',
  ),
  CONSOLE_CSRF_REJECTED: entry(
    8004,
    'This request could not be verified. Please reload the page and try again.',
    '无法验证此请求，请刷新页面后重试。',
  ),
  STEP_UP_REQUIRED: entry(
    8005,
    'Please enter a current code from your authenticator app to continue.',
    '请输入身份验证器应用中的当前验证码以继续。',
  ),
  ENROLMENT_LINK_INVALID: entry(
    8006,
    'This enrolment link is invalid, already used or expired. Ask an owner for a new one.',
    '该注册链接无效、已被使用或已过期，请联系所有者获取新链接。',
  ),
  TOTP_CODE_INVALID: entry(
    8007,
    'Incorrect code. Enter the current 6-digit code from your authenticator app.',
    '验证码错误，请输入身份验证器应用中当前的 6 位验证码。',
  ),
  ENROLMENT_NOT_STARTED: entry(
    8008,
    'Set up your authenticator app first, then enter its code.',
    '请先设置身份验证器应用，再输入其验证码。',
  ),
  STAFF_NOT_FOUND: entry(8009, 'No staff member has this username.', '没有使用该用户名的员工。'),
  STAFF_USERNAME_TAKEN: entry(
    8010,
    'A staff member already has this username.',
    '已有员工使用该用户名。',
  ),
  LAST_OWNER: entry(
    8011,
    'The last owner cannot be disabled or given another role. Make another owner first.',
    '不能停用最后一位所有者或更改其角色，请先设置另一位所有者。',
  ),
  STAFF_ROLE_INVALID: entry(
    8012,
    'Choose a role: owner, finance, support or content.',
    '请选择角色：所有者、财务、客服或内容。',
  ),
  STAFF_USERNAME_INVALID: entry(
    8013,
    'A staff username is 3 to 32 letters, digits, dots, hyphens or underscores, starting with a letter.',
    '员工用户名须为 3 到 32 位字母、数字、点、连字符或下划线，并以字母开头。',
  ),
  REQUIRED_TOTP_CODE: entry(
    8014,
    'Please enter the code from your authenticator app or a recovery code',
    '请输入身份验证器应用中的验证码或恢复码',
  ),
  STAFF_DISABLED: entry(8015, 'This staff member is disabled.', '该员工已被停用。'),
  // The console's members section (81xx).
  USER_NOT_FOUND: entry(8101, 'No member has this user ID.', '没有该用户 ID 的会员。'),
  REASON_REQUIRED: entry(
    8102,
    'Please give a reason (at least 3 characters): it is kept in the audit trail.',
    '请填写原因（至少 3 个字符），它会记入审计日志。',
  ),
  REASON_TOO_LONG: entry(
    8103,
    'The reason is too long (500 characters at most).',
    '原因过长（最多 500 个字符）。',
  ),
  ADJUST_DAYS_INVALID: entry(
    8104,
    'Enter a whole number of days within the allowed range.',
    '请输入允许范围内的整数天数。',
  ),
  REQUIRED_SEARCH: entry(
    8105,
    'Enter a user ID, username, e-mail or phone number.',
    '请输入用户 ID、用户名、邮箱或手机号。',
  ),
  MEMBERSHIP_NOT_ACTIVE: entry(
    8106,
    'This member has no active membership to shorten.',
    '该会员没有可缩短的有效会员资格。',
  ),
  // The console's orders section (811x).
  TRADE_NO_REQUIRED: entry(
    8110,
    "Enter the payment's trade number as the payment provider's dashboard shows it.",
    '请输入支付平台后台显示的交易号。',
  ),
  FLAG_NOT_FOUND: entry(
    8111,
    'There is no open flag with this number.',
    '没有该编号的待处理标记。',
  ),
  ORDER_NOT_REFUNDABLE: entry(
    8112,
    'Only a paid order can be refunded.',
    '只有已支付的订单可以退款。',
  ),
  REFUND_FAILED: entry(
    8113,
    'The payment provider did not refund the order. Nothing changed; try again or refund by hand.',
    '支付平台未能退款，订单未做任何更改。请重试或手动退款。',
  ),
  REFUND_GATEWAY_UNAVAILABLE: entry(
    8114,
    "This order's payment provider is not set up here, so nothing was refunded. Refund it in the provider's dashboard, then record that refund (refunded in the dashboard).",
    '此处未配置该订单的支付平台，未做任何退款。请在支付平台后台退款，然后记录该退款（已在后台退款）。',
  ),
  REFUND_IN_DOUBT: entry(
    8115,
    "A refund of this order was started before and its outcome is unknown, so it is not sent again. Check the payment provider's dashboard; if the money went back, record that refund (refunded in the dashboard).",
    '该订单此前已发起退款且结果未知，因此不再重复发起。请查看支付平台后台；如款项已退回，请记录该退款（已在后台退款）。',
  ),
  // The console's nodes section (812x).
  NODE_NOT_FOUND: entry(8120, 'There is no node with this number.', '没有该编号的节点。'),
  NODE_NAME_INVALID: entry(
    8121,
    "A node's name is 1 to 64 characters.",
    '节点名称须为 1 到 64 个字符。',
  ),
  NODE_NAME_TAKEN: entry(8122, 'A node with this name exists.', '已有同名节点。'),
  NODE_PROTOCOL_INVALID: entry(
    8123,
    'Choose a protocol: VLESS, Trojan or Shadowsocks.',
    '请选择协议：VLESS、Trojan 或 Shadowsocks。',
  ),
  NODE_HOST_INVALID: entry(
    8124,
    'Enter a host name or an IP address (letters, digits, dots and hyphens).',
    '请输入主机名或 IP 地址（字母、数字、点和连字符）。',
  ),
  NODE_PORT_INVALID: entry(8125, 'Enter a port from 1 to 65535.', '请输入 1 到 65535 之间的端口。'),
  NODE_METHOD_INVALID: entry(
    8126,
    'Shadowsocks needs one of the listed ciphers, and only Shadowsocks takes a cipher; only VLESS and Trojan take a TLS name.',
    'Shadowsocks 须选择所列加密方式之一，且只有 Shadowsocks 可设加密方式；只有 VLESS 和 Trojan 可设 TLS 名称。',
  ),
  NODE_PLANS_INVALID: entry(
    8127,
    'Choose the plans the node serves: Standard, Lite or both.',
    '请选择节点服务的套餐：标准版、轻量版或两者。',
  ),
  NODE_SORT_INVALID: entry(
    8128,
    'The sort order is a whole number from -10000 to 10000.',
    '排序须为 -10000 到 10000 之间的整数。',
  ),
  // The console's content section: announcements (813x).
  ANNOUNCEMENT_NOT_FOUND: entry(8130, 'No announcement has this ID.', '没有该 ID 的公告。'),
  ANNOUNCEMENT_TITLE_REQUIRED: entry(
    8131,
    'Please enter the title in English and in Chinese.',
    '请填写英文和中文标题。',
  ),
  ANNOUNCEMENT_TITLE_TOO_LONG: entry(
    8132,
    'A title is 120 characters at most.',
    '标题最多 120 个字符。',
  ),
  ANNOUNCEMENT_BODY_REQUIRED: entry(
    8133,
    'Please enter the text in English and in Chinese.',
    '请填写英文和中文正文。',
  ),
  ANNOUNCEMENT_BODY_TOO_LONG: entry(
    8134,
    'The text is 4000 characters at most.',
    '正文最多 4000 个字符。',
  ),
  ANNOUNCEMENT_ENDS_BEFORE_START: entry(
    8135,
    'The end must be after the start.',
    '结束时间必须晚于开始时间。',
  ),
  ANNOUNCEMENT_WITHDRAWN: entry(
    8136,
    'This announcement was withdrawn; it can no longer be changed.',
    '该公告已撤回，无法再修改。',
  ),
  ANNOUNCEMENT_ALREADY_READ: entry(
    8137,
    'Members have already read this announcement: withdraw it instead of deleting it.',
    '已有会员读过该公告：请撤回，而不是删除。',
  ),
  ANNOUNCEMENT_DATE_INVALID: entry(
    8138,
    'Enter a valid date and time.',
    '请输入有效的日期和时间。',
  ),
  // The console's content section: the yearly plan's benefits (821x).
  BENEFIT_NOT_FOUND: entry(8210, 'No benefit has this ID.', '没有该 ID 的权益。'),
  BENEFIT_TITLE_REQUIRED: entry(
    8211,
    'Please enter the title in English and in Chinese (at most 120 characters).',
    '请填写英文和中文标题（最多 120 个字符）。',
  ),
  BENEFIT_DESCRIPTION_INVALID: entry(
    8212,
    'A description is written in both languages or in neither (at most 1000 characters).',
    '说明需同时填写中英文或都不填（最多 1000 个字符）。',
  ),
  BENEFIT_ACCOUNT_REQUIRED: entry(
    8213,
    'Please enter the shared account and its password (at most 200 characters each).',
    '请填写共享账号及其密码（各最多 200 个字符）。',
  ),
  BENEFIT_LINK_INVALID: entry(
    8214,
    'The link must be an https:// or http:// address.',
    '链接必须是 https:// 或 http:// 开头的地址。',
  ),
  BENEFIT_SORT_INVALID: entry(8215, 'The order is a whole number.', '排序必须是整数。'),
  // The console's content section: the FAQ and the clauses (8216-8219).
  CONTENT_PAGE_UNKNOWN: entry(
    8216,
    'There is no such page: only the FAQ, the terms, the privacy policy and the warrant canary can be edited.',
    '没有该页面：只能编辑常见问题、服务条款、隐私政策和透明度声明。',
  ),
  CONTENT_PAGE_BODY_REQUIRED: entry(
    8217,
    'Please enter the text of the page in English and in Chinese.',
    '请填写页面的英文和中文正文。',
  ),
  CONTENT_PAGE_BODY_TOO_LONG: entry(
    8218,
    'The text of a page is 20000 characters at most in each language.',
    '每种语言的页面正文最多 20000 个字符。',
  ),
  CONTENT_PAGE_CHANGED: entry(
    8219,
    'Someone published this page after you opened it. Reload to see their text, then make your change again.',
    '在你打开此页面后，已有人发布了新内容。请重新加载查看后再修改。',
  ),
  // The console's content section: the site's links (8139, 8220-8223).
  LINK_URL_INVALID: entry(
    8139,
    'Enter an https:// address, or a path on this site starting with /.',
    '请输入 https:// 开头的地址，或以 / 开头的本站路径。',
  ),
  LINK_KEY_INVALID: entry(
    8220,
    'Enter the key: letters and digits, starting with a letter, 32 at most (faq, blog, status).',
    '请输入键名：字母和数字，以字母开头，最多 32 个字符（如 faq、blog、status）。',
  ),
  LINK_KEY_TAKEN: entry(
    8221,
    'This menu already has a link with this key: change its address instead.',
    '该菜单已有此键名的链接，请改为修改它的地址。',
  ),
  LINK_NOT_FOUND: entry(8222, 'This menu has no link with this key.', '该菜单没有此键名的链接。'),
  LINK_MENU_FULL: entry(
    8223,
    'A menu holds 8 links at most: remove one first.',
    '每个菜单最多 8 个链接，请先删除一个。',
  ),
  // The console's group-buys section (814x).
  CONSOLE_GROUP_NOT_FOUND: entry(8140, 'No group has this ID.', '没有该 ID 的拼团。'),
  GROUP_NOT_OPEN: entry(
    8141,
    'Only an open group can be ended; this one has already finished or ended.',
    '只有进行中的拼团可以结束；该拼团已完成或已结束。',
  ),
  // The console's crypto section (819x, 820x).
  CRYPTO_NETWORK_NOT_FOUND: entry(8190, 'No network has this chain ID.', '没有该链 ID 的网络。'),
  CRYPTO_NETWORK_EXISTS: entry(
    8191,
    'A network with this chain ID exists: edit it instead.',
    '已有该链 ID 的网络，请改为编辑它。',
  ),
  CRYPTO_TOKEN_NOT_FOUND: entry(
    8192,
    'This network has no token with this symbol.',
    '该网络没有此符号的代币。',
  ),
  CRYPTO_CHAIN_ID_INVALID: entry(
    8193,
    'Enter the chain ID: a whole number above 0 (56 for BNB Chain).',
    '请输入链 ID：大于 0 的整数（BNB Chain 为 56）。',
  ),
  CRYPTO_NETWORK_NAME_INVALID: entry(
    8194,
    'Enter a name of 1 to 64 characters.',
    '请输入 1 到 64 个字符的名称。',
  ),
  CRYPTO_RPC_URL_INVALID: entry(
    8195,
    'Enter 1 to 8 RPC addresses starting with http:// or https://.',
    '请输入 1 到 8 个以 http:// 或 https:// 开头的 RPC 地址。',
  ),
  CRYPTO_CONFIRMATIONS_INVALID: entry(
    8196,
    'Enter the confirmations: a whole number from 1 to 1000.',
    '请输入确认数：1 到 1000 之间的整数。',
  ),
  CRYPTO_ADDRESS_INVALID: entry(
    8197,
    'Enter an address of 0x and 40 hexadecimal digits; in mixed case, its checksum must match.',
    '请输入 0x 加 40 位十六进制数字的地址；大小写混合时，其校验和须正确。',
  ),
  CRYPTO_EXPLORER_URL_INVALID: entry(
    8198,
    'Enter the explorer’s address starting with http:// or https://, or leave it empty.',
    '请输入以 http:// 或 https:// 开头的区块浏览器地址，或留空。',
  ),
  CRYPTO_SYMBOL_INVALID: entry(
    8199,
    'Enter a symbol of 1 to 12 letters, digits or dots.',
    '请输入 1 到 12 个字母、数字或点组成的符号。',
  ),
  CRYPTO_DECIMALS_INVALID: entry(
    8200,
    'Enter the token’s decimals: a whole number from 2 to 36.',
    '请输入代币的小数位数：2 到 36 之间的整数。',
  ),
  CRYPTO_RATE_INVALID: entry(
    8201,
    'Enter CNY per USD above 0 with up to 6 decimals (for example 7.2), or leave it empty.',
    '请输入大于 0、最多 6 位小数的人民币兑美元汇率（例如 7.2），或留空。',
  ),
  CRYPTO_SORT_INVALID: entry(
    8202,
    'Enter the display order: a whole number from 0 to 1000000.',
    '请输入显示顺序：0 到 1000000 之间的整数。',
  ),
  CRYPTO_TOKEN_ADDRESS_TAKEN: entry(
    8203,
    'Another token of this network already has this contract address.',
    '该网络已有另一个代币使用此合约地址。',
  ),
  // The console's KOL section (817x-818x).
  KOL_USER_NOT_FOUND: entry(
    8170,
    'No member has this user ID or username.',
    '没有该用户 ID 或用户名的会员。',
  ),
  KOL_NOT_FOUND: entry(8171, 'This member is not a KOL.', '该会员不是 KOL。'),
  KOL_FIRST_RATE_INVALID: entry(
    8172,
    'The first-purchase rate is a whole percent from 25 to 100.',
    '首购佣金比例须为 25 到 100 之间的整数百分比。',
  ),
  KOL_RENEWAL_RATE_INVALID: entry(
    8173,
    'The renewal rate is a whole percent from 1 to 25.',
    '续费佣金比例须为 1 到 25 之间的整数百分比。',
  ),
  KOL_PAYOUT_NETWORK_INVALID: entry(
    8174,
    'Choose a payout network (TRON, Ethereum, BSC, Polygon or Arbitrum).',
    '请选择结算网络（TRON、Ethereum、BSC、Polygon 或 Arbitrum）。',
  ),
  KOL_PAYOUT_ADDRESS_INVALID: entry(
    8175,
    'This is not a USDT address on the payout network.',
    '这不是该结算网络上的 USDT 地址。',
  ),
  KOL_COMMISSION_NOT_FOUND: entry(8176, 'No commission has this ID.', '没有该 ID 的佣金。'),
  KOL_COMMISSION_NOT_HELD: entry(
    8177,
    'This commission is no longer held for review.',
    '该佣金已不在审核中。',
  ),
  KOL_COMMISSION_ALREADY_REVERSED: entry(
    8178,
    'This commission was already taken back.',
    '该佣金已被撤回。',
  ),
  KOL_SETTLEMENT_NOT_FOUND: entry(8179, 'No settlement has this ID.', '没有该 ID 的结算单。'),
  KOL_TX_HASH_INVALID: entry(
    8180,
    "This is not a transaction hash of the settlement's network.",
    '这不是该结算单所用网络的交易哈希。',
  ),
  KOL_TX_HASH_RECORDED: entry(
    8181,
    'This settlement already has another hash: correct it to replace it.',
    '该结算单已记录了另一个哈希，如需替换请使用更正。',
  ),
  KOL_TX_HASH_USED: entry(
    8182,
    'This hash already pays settlement {settlementId}.',
    '该哈希已用于结算单 {settlementId}。',
  ),
  KOL_SETTLE_BELOW_THRESHOLD: entry(
    8183,
    "The KOL's available total is below the $100 payout threshold.",
    '该 KOL 的可结算金额未达到 100 美元的结算门槛。',
  ),
  KOL_SETTLE_NO_ADDRESS: entry(
    8184,
    'The KOL has no payout address: set one first.',
    '该 KOL 尚未设置收款地址，请先设置。',
  ),
  KOL_REFUND_WINDOW_INVALID: entry(
    8185,
    'The refund window is a whole number of days from 0 to 365.',
    '退款期须为 0 到 365 之间的整数天数。',
  ),
  KOL_CNY_RATE_INVALID: entry(
    8186,
    'Enter US dollars per yuan as a decimal above 0 and at most 10, such as 0.138.',
    '请输入每人民币兑美元的汇率，大于 0 且不超过 10 的小数，例如 0.138。',
  ),
  KOL_NO_HASH_TO_VERIFY: entry(
    8187,
    'This settlement has no recorded hash to verify.',
    '该结算单没有可核验的已记录哈希。',
  ),
  // The console's store section: plans, promo codes, redeem batches, group-buy prices (815x-816x).
  PLAN_NOT_FOUND: entry(8150, 'There is no plan with this product ID.', '没有该产品 ID 的套餐。'),
  PLAN_EXISTS: entry(
    8151,
    'A plan with this product ID, or of this group and length, exists.',
    '已有相同产品 ID 或相同类型与时长的套餐。',
  ),
  PLAN_ID_INVALID: entry(
    8152,
    'A product ID is a whole number from 1 to 2,000,000,000.',
    '产品 ID 须为 1 到 2,000,000,000 之间的整数。',
  ),
  PLAN_TERMS_INVALID: entry(
    8153,
    'A plan lasts 1 to 120 months (1 to 3660 days) and allows 1 to 100 devices.',
    '套餐时长须为 1 到 120 个月（1 到 3660 天），设备数须为 1 到 100 台。',
  ),
  PRICE_INVALID: entry(
    8154,
    'Enter a price above zero with at most two decimals.',
    '请输入大于零、最多两位小数的价格。',
  ),
  CURRENCY_INVALID: entry(8155, 'Choose CNY or USD.', '请选择 CNY 或 USD。'),
  STORE_COUPON_CODE_INVALID: entry(
    8156,
    'A promo code is 3 to 32 letters, digits, "_" or "-".',
    '优惠码须为 3 到 32 个字母、数字、“_”或“-”。',
  ),
  STORE_COUPON_EXISTS: entry(8157, 'A promo code with this name exists.', '已有同名优惠码。'),
  STORE_COUPON_NOT_FOUND: entry(8158, 'There is no such promo code.', '没有该优惠码。'),
  STORE_COUPON_PERCENT_INVALID: entry(
    8159,
    'A percentage off is a whole number from 1 to 100.',
    '折扣百分比须为 1 到 100 之间的整数。',
  ),
  STORE_COUPON_AMOUNT_INVALID: entry(
    8160,
    'Give either a percentage, or an amount off with its currency.',
    '请填写折扣百分比，或填写减免金额及其币种。',
  ),
  STORE_COUPON_LIMITS_INVALID: entry(
    8161,
    'Uses in all and uses per member are whole numbers from 1.',
    '总次数和每人次数须为不小于 1 的整数。',
  ),
  STORE_DATES_INVALID: entry(
    8162,
    'Enter valid dates; the start must be before the end, and an expiry in the future.',
    '请输入有效日期；开始须早于结束，有效期须在将来。',
  ),
  STORE_COUPON_PLANS_INVALID: entry(
    8163,
    'Choose existing plans (or none: every plan).',
    '请选择已有的套餐（不选即全部套餐）。',
  ),
  REDEEM_BATCH_INVALID: entry(
    8164,
    'A batch is 1 to 10,000 codes of 1 to 1,000,000 uses, for a plan or a group and 1 to 3660 days.',
    '一批为 1 到 10,000 个兑换码，每个 1 到 1,000,000 次，对应一个套餐，或一个类型加 1 到 3660 天。',
  ),
  REDEEM_BATCH_NOT_FOUND: entry(8165, 'There is no such redeem batch.', '没有该兑换码批次。'),
  REDEEM_CODE_NOT_FOUND: entry(8166, 'There is no such redeem code.', '没有该兑换码。'),
  REDEEM_NOTE_TOO_LONG: entry(8167, 'A note is 200 characters at most.', '备注最多 200 个字符。'),
  GROUP_PRICE_INVALID: entry(
    8168,
    'A group-buy seat price is for a group of 2 or 3, in CNY or USD, above zero.',
    '拼团单座价格须对应 2 人或 3 人团、CNY 或 USD，且大于零。',
  ),
  GROUP_HOURS_INVALID: entry(
    8169,
    'An open group lasts 1 to 720 hours.',
    '拼团开放时长须为 1 到 720 小时。',
  ),
  // passkeys (issue 22, item 4; docs/account-security.md "Passkeys"): 2060-2069
  PASSKEY_INVALID: entry(
    2060,
    'This passkey could not be checked. Try again, or use another way to sign in.',
    '无法验证此通行密钥。请重试，或改用其他方式登录。',
  ),
  PASSKEY_CEREMONY_EXPIRED: entry(
    2061,
    'This passkey request has expired. Please start again.',
    '此通行密钥请求已过期，请重新开始。',
  ),
  PASSKEY_ALREADY_ADDED: entry(
    2062,
    'This device already holds a passkey for your account.',
    '此设备上已有您账号的通行密钥。',
  ),
  PASSKEY_NOT_FOUND: entry(2063, 'This passkey has been removed already.', '此通行密钥已被移除。'),
  PASSKEY_LIMIT_REACHED: entry(
    2064,
    'You have {limit} passkeys, the most an account can have. Remove one first.',
    '您已有 {limit} 个通行密钥，已达上限。请先移除一个。',
  ),
  PASSKEY_NAME_INVALID: entry(
    2065,
    'Name the passkey with 1 to 64 characters.',
    '请为通行密钥输入 1 到 64 个字符的名称。',
  ),
  PASSKEY_CANCELLED: entry(
    2066,
    'The passkey request was cancelled or timed out.',
    '通行密钥请求已取消或超时。',
  ),
  PASSKEY_UNSUPPORTED: entry(2067, 'This browser cannot use passkeys.', '此浏览器不支持通行密钥。'),
} as const;

export type ErrorKey = keyof typeof Errors;
export type ErrorCode = (typeof Errors)[ErrorKey]['code'];

const byCode = new Map<number, ErrorEntry>(Object.values(Errors).map((e) => [e.code, e]));

const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}/g;
const PLURAL_BRANCH = /(=\d+|zero|one|two|few|many|other) \{([^{}]*)\}/g;
const pluralRules = new Map<ApiLanguage, Intl.PluralRules>();

/** `{n, plural, one {# device} other {# devices}}` for a number n, by the language's CLDR rules. */
function pluralBranch(language: ApiLanguage, branches: string, count: number): string | null {
  const options = new Map([...branches.matchAll(PLURAL_BRANCH)].map((m) => [m[1]!, m[2]!]));
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language === 'zh_CN' ? 'zh-CN' : 'en');
    pluralRules.set(language, rules);
  }
  const text = options.get(`=${count}`) ?? options.get(rules.select(count)) ?? options.get('other');
  return text === undefined ? null : text.replaceAll('#', String(count));
}

/**
 * The text of an error code in a language; unknown codes fall back to the generic error. A text may
 * name a value of the error's data as `{name}`, or count with it in ICU's plural form
 * (`{limit, plural, one {# device} other {# devices}}`), so a count never reads "1 device(s)".
 */
export function errorMessage(code: number, language: ApiLanguage, data?: unknown): string {
  const found = byCode.get(code) ?? Errors.INTERNAL;
  const text = found[language];
  const values = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return text
    .replace(PLURAL, (whole, name: string, branches: string) => {
      const count = values[name];
      return typeof count === 'number' ? (pluralBranch(language, branches, count) ?? whole) : whole;
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      typeof values[name] === 'number' || typeof values[name] === 'string'
        ? String(values[name])
        : whole,
    );
}

/**
 * The wait a throttled answer (TOO_MANY_FAILED_ATTEMPTS) names in its data, whole seconds, or
 * undefined when it names none.
 */
export function retryAfterSecondsOf(data: unknown): number | undefined {
  const seconds = (data as { retryAfterSeconds?: unknown } | null | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : undefined;
}

export function isKnownErrorCode(code: number): boolean {
  return byCode.has(code);
}

/** The `code` of a successful response (in protocol.ts, so callers need not load this catalogue). */
export { SUCCESS_CODE } from './protocol';
