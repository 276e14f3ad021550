/**
 * The texts of every message the server sends, in the caller's language, with the brand name.
 */
import { CODE, type ApiLanguage, type CodeChannel } from '../../contract';

/** Security notices (issue 22): always sent, whatever the member's reminder choices. */
export type SecurityNoticeKind =
  | 'password_changed'
  | 'two_step_on'
  | 'two_step_off'
  | 'new_sign_in'
  | 'passkey_added'
  | 'passkey_removed';

export type MessageKind =
  | 'register_code'
  | 'register_existing'
  | 'reset_code'
  | 'reset_unknown'
  | SecurityNoticeKind
  // A new e-mail or phone for a signed-in member's account: its code, or the notice to an address
  // another account uses (the same answer to the caller either way).
  | 'change_target_code'
  | 'change_target_existing';

/** What a sign-in alert names: where and from what the account was signed in to. */
export interface SignInDetails {
  readonly client: string;
  readonly ip: string;
  /** ISO-8601 UTC. */
  readonly at: string;
}

export const BRAND: Record<ApiLanguage, string> = { en: 'Kestrel VPN', zh_CN: '红隼 VPN' };
const MINUTES = CODE.ttlSeconds / 60;

interface Text {
  readonly subject: string;
  readonly text: string;
}

/** One language's texts of the messages with a code or a sign-in's details. */
type TextsOf = (
  kind: MessageKind,
  code: string | null,
  brand: string,
  details?: SignInDetails,
) => Text;

const english: TextsOf = (kind, code, brand, details) => {
  switch (kind) {
    case 'register_code':
      return {
        subject: `${brand} verification code: ${code}`,
        text: `Your ${brand} verification code is ${code}. It expires in ${MINUTES} minutes and can be used once. If you did not ask for it, ignore this message.`,
      };
    case 'register_existing':
      return {
        subject: `${brand}: you already have an account`,
        text: `Someone tried to register a ${brand} account with this address, but you already have one. Log in, or reset your password if you have forgotten it. If this was not you, ignore this message.`,
      };
    case 'reset_code':
      return {
        subject: `${brand} password reset code: ${code}`,
        text: `Your ${brand} password reset code is ${code}. It expires in ${MINUTES} minutes and can be used once. If you did not ask for it, ignore this message: your password stays unchanged.`,
      };
    case 'reset_unknown':
      return {
        subject: `${brand} password reset`,
        text: `Someone asked to reset the ${brand} password for this address, but no account uses it. If this was not you, ignore this message.`,
      };
    case 'password_changed':
      return {
        subject: `${brand}: your password was changed`,
        text: `The password of your ${brand} account was just changed. If you did this, there is nothing to do. If you did not, reset your password now with "Forgot password" on the login page: that signs every session out.`,
      };
    case 'two_step_on':
      return {
        subject: `${brand}: two-step sign-in is on`,
        text: `Two-step sign-in was turned on for your ${brand} account: signing in now also asks for the code from your authenticator app. Keep your recovery codes somewhere safe. If you did not do this, reset your password now.`,
      };
    case 'two_step_off':
      return {
        subject: `${brand}: two-step sign-in is off`,
        text: `Two-step sign-in was turned off for your ${brand} account: signing in now needs only the password. If you did not do this, reset your password now and turn two-step sign-in on again.`,
      };
    case 'change_target_code':
      return {
        subject: `${brand} verification code: ${code}`,
        text: `Your ${brand} code to make this address the one your account signs in with is ${code}. It expires in ${MINUTES} minutes and can be used once. If you did not ask for it, ignore this message: nothing changes.`,
      };
    case 'change_target_existing':
      return {
        subject: `${brand}: this address already has an account`,
        text: `Someone signed in to a ${brand} account asked to use this address for it, but another ${brand} account already uses it, and an address belongs to one account only. To move it, first change it on the account that has it. If this was not you, ignore this message.`,
      };
    case 'new_sign_in':
      return {
        subject: `${brand}: a sign-in from a new device`,
        text: `Your ${brand} account was just signed in to from a device it had not been used on before: ${where(details)}. If this was you, there is nothing to do. If it was not, change your password on the Security page of your account, sign out the sessions you do not know, and turn on two-step sign-in.`,
      };
    case 'passkey_added':
      return {
        subject: `${brand}: a passkey was added`,
        text: `A passkey was added to your ${brand} account: it can now sign in with that device's screen lock or security key, without the password. If you did not do this, remove the passkey on the Security page of your account and change your password now.`,
      };
    case 'passkey_removed':
      return {
        subject: `${brand}: a passkey was removed`,
        text: `A passkey was removed from your ${brand} account: it can no longer be used to sign in. If you did not do this, change your password on the Security page of your account and sign out the sessions you do not know.`,
      };
  }
};

const chinese: TextsOf = (kind, code, brand, details) => {
  switch (kind) {
    case 'register_code':
      return {
        subject: `${brand} 验证码：${code}`,
        text: `您的${brand} 验证码是 ${code}，${MINUTES} 分钟内有效，仅可使用一次。如非本人操作，请忽略本消息。`,
      };
    case 'register_existing':
      return {
        subject: `${brand}：您已有账号`,
        text: `有人尝试用此地址注册${brand} 账号，但您已经有账号了。请直接登录；如忘记密码，可以重置密码。如非本人操作，请忽略本消息。`,
      };
    case 'reset_code':
      return {
        subject: `${brand} 重置密码验证码：${code}`,
        text: `您的${brand} 重置密码验证码是 ${code}，${MINUTES} 分钟内有效，仅可使用一次。如非本人操作，请忽略本消息，您的密码不会改变。`,
      };
    case 'reset_unknown':
      return {
        subject: `${brand} 重置密码`,
        text: `有人请求重置此地址的${brand} 密码，但没有账号使用此地址。如非本人操作，请忽略本消息。`,
      };
    case 'password_changed':
      return {
        subject: `${brand}：您的密码已修改`,
        text: `您的${brand} 账号密码刚刚被修改。如是本人操作，无需处理；如非本人操作，请立即在登录页通过“忘记密码”重置密码，所有会话都将退出登录。`,
      };
    case 'two_step_on':
      return {
        subject: `${brand}：两步登录已开启`,
        text: `您的${brand} 账号已开启两步登录：登录时还需输入身份验证器应用中的验证码。请妥善保管恢复码。如非本人操作，请立即重置密码。`,
      };
    case 'two_step_off':
      return {
        subject: `${brand}：两步登录已关闭`,
        text: `您的${brand} 账号已关闭两步登录：登录时只需密码。如非本人操作，请立即重置密码并重新开启两步登录。`,
      };
    case 'change_target_code':
      return {
        subject: `${brand} 验证码：${code}`,
        text: `您正在将此地址设为${brand} 账号的登录地址，验证码是 ${code}，${MINUTES} 分钟内有效，仅可使用一次。如非本人操作，请忽略本消息，账号不会有任何改变。`,
      };
    case 'change_target_existing':
      return {
        subject: `${brand}：此地址已有账号`,
        text: `有人在登录${brand} 账号后请求使用此地址，但另一个${brand} 账号已在使用它，而一个地址只能属于一个账号。如需转移，请先在使用它的账号上修改。如非本人操作，请忽略本消息。`,
      };
    case 'new_sign_in':
      return {
        subject: `${brand}：新设备登录提醒`,
        text: `您的${brand} 账号刚刚在一台从未使用过的设备上登录：${where(details)}。如是本人操作，无需处理；如非本人操作，请在账号的“账号安全”页面修改密码、退出您不认识的会话，并开启两步登录。`,
      };
    case 'passkey_added':
      return {
        subject: `${brand}：已添加通行密钥`,
        text: `您的${brand} 账号已添加一个通行密钥：现在可以用该设备的屏幕锁或安全密钥登录，无需密码。如非本人操作，请立即在账号的“账号安全”页面移除该通行密钥并修改密码。`,
      };
    case 'passkey_removed':
      return {
        subject: `${brand}：已移除通行密钥`,
        text: `您的${brand} 账号已移除一个通行密钥，它不能再用于登录。如非本人操作，请在账号的“账号安全”页面修改密码，并退出您不认识的会话。`,
      };
  }
};

/** `Chrome · Windows 10.0, 203.0.113.7, 2026-11-26 21:50 UTC`: the same in both languages. */
function where(details: SignInDetails | undefined): string {
  if (!details) return '';
  const at = `${details.at.slice(0, 16).replace('T', ' ')} UTC`;
  return [details.client, details.ip, at].filter(Boolean).join(', ');
}

/** An SMS has no subject line; the brand goes first, as carriers expect. */
function forChannel(text: Text, channel: CodeChannel, brand: string): Text {
  return channel === 'phone' ? { subject: '', text: `【${brand}】${text.text}` } : text;
}

/** A change of the address an account signs in with (user_change_target): which, and to what. */
export interface AddressChange {
  readonly channel: CodeChannel;
  /** The new address, masked (`n***@example.com`, `138****0000`). */
  readonly masked: string;
  /** The account had no address of this kind before: one was added, none replaced. */
  readonly added: boolean;
}

/**
 * The notice of a changed (or added) e-mail or phone, sent to the old address (or, for one added,
 * to the account's other one): it names the new address only masked.
 */
export function addressChangedText(
  language: ApiLanguage,
  channel: CodeChannel,
  change: AddressChange,
): Text {
  const brand = BRAND[language];
  const zh = language === 'zh_CN';
  const what =
    change.channel === 'email' ? (zh ? '邮箱' : 'e-mail address') : zh ? '手机号' : 'phone number';
  const text: Text = zh
    ? {
        subject: `${brand}：账号${what}已${change.added ? '添加' : '修改'}`,
        text: `您的${brand} 账号${change.added ? `添加了${what}` : `的${what}已改为`} ${change.masked}，今后可用它登录和接收消息。如是本人操作，无需处理；如非本人操作，请立即在“账号安全”页面修改密码并退出您不认识的会话，然后联系客服。`,
      }
    : {
        subject: `${brand}: the ${what} of your account was ${change.added ? 'added' : 'changed'}`,
        text: `Your ${brand} account ${change.added ? `now has the ${what}` : `has a new ${what}:`} ${change.masked}. It signs in with it and gets its messages there from now on. If you did this, there is nothing to do. If you did not, change your password on the Security page of your account, sign out the sessions you do not know, and contact support.`,
      };
  return forChannel(text, channel, brand);
}

/** When a renewal reminder is sent: 3 days before the expiry, 1 day before, and on the day. */
export type RenewalStage = '3d' | '1d' | 'ended';

/** `2026-11-30 08:00 UTC`: the same in both languages. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A renewal reminder: when the membership ends (or ended) and where to renew. */
export function renewalReminderText(
  stage: RenewalStage,
  language: ApiLanguage,
  channel: CodeChannel,
  { expireTime, renewUrl }: { expireTime: Date; renewUrl: string },
): Text {
  const brand = BRAND[language];
  const when = utcMinute(expireTime);
  const english: Record<RenewalStage, Text> = {
    '3d': {
      subject: `${brand}: your membership ends in 3 days`,
      text: `Your ${brand} membership ends on ${when}. Renew before then to stay connected on every device: ${renewUrl}. If you have renewed already, ignore this message.`,
    },
    '1d': {
      subject: `${brand}: your membership ends tomorrow`,
      text: `Your ${brand} membership ends on ${when}, in less than a day. Renew now to stay connected: ${renewUrl}. If you have renewed already, ignore this message.`,
    },
    ended: {
      subject: `${brand}: your membership has ended`,
      text: `Your ${brand} membership ended on ${when}, and your devices can no longer connect. Renew to connect again: ${renewUrl}.`,
    },
  };
  const chinese: Record<RenewalStage, Text> = {
    '3d': {
      subject: `${brand}：您的会员将在 3 天后到期`,
      text: `您的${brand} 会员将于 ${when} 到期。请在此之前续费，所有设备即可继续连接：${renewUrl}。如已续费，请忽略本消息。`,
    },
    '1d': {
      subject: `${brand}：您的会员将在明天到期`,
      text: `您的${brand} 会员将于 ${when} 到期，已不足一天。立即续费即可继续连接：${renewUrl}。如已续费，请忽略本消息。`,
    },
    ended: {
      subject: `${brand}：您的会员已到期`,
      text: `您的${brand} 会员已于 ${when} 到期，设备已无法连接。续费后即可重新连接：${renewUrl}。`,
    },
  };
  return forChannel((language === 'zh_CN' ? chinese : english)[stage], channel, brand);
}

/** What a receipt names: the order as it was paid. */
export interface ReceiptDetails {
  readonly orderNo: string;
  readonly groupType: 1 | 2;
  readonly months: number;
  /** Minor units (fen, cents). */
  readonly amount: number;
  readonly currency: 'CNY' | 'USD';
  readonly method: string;
  readonly paidAt: Date;
}

const METHOD_NAMES: Record<ApiLanguage, Record<string, string>> = {
  en: {
    alipay: 'Alipay',
    wechat: 'WeChat Pay',
    unionpay: 'UnionPay',
    card: 'Card',
    crypto: 'Crypto',
  },
  zh_CN: {
    alipay: '支付宝',
    wechat: '微信支付',
    unionpay: '银联',
    card: '银行卡',
    crypto: '加密货币',
  },
};

const money = (amount: number, currency: 'CNY' | 'USD') =>
  `${currency === 'CNY' ? '¥' : '$'}${(amount / 100).toFixed(2)} ${currency}`;

/** A receipt for a paid order: number, plan, amount, currency, method and date. */
export function receiptText(
  language: ApiLanguage,
  channel: CodeChannel,
  details: ReceiptDetails,
): Text {
  const brand = BRAND[language];
  const method = METHOD_NAMES[language][details.method] ?? details.method;
  const paid = money(details.amount, details.currency);
  const when = utcMinute(details.paidAt);
  const text: Text =
    language === 'zh_CN'
      ? {
          subject: `${brand} 付款收据：订单 ${details.orderNo}`,
          text: `感谢您的购买。订单号：${details.orderNo}；套餐：${details.groupType === 1 ? '标准版' : '轻量版'} ${details.months} 个月；金额：${paid}；支付方式：${method}；付款时间：${when}。`,
        }
      : {
          subject: `${brand} receipt for order ${details.orderNo}`,
          text: `Thank you for your purchase. Order: ${details.orderNo}. Plan: ${details.groupType === 1 ? 'Standard' : 'Lite'}, ${details.months} ${details.months === 1 ? 'month' : 'months'}. Amount: ${paid}. Paid with: ${method}. Paid on: ${when}.`,
        };
  return forChannel(text, channel, brand);
}

/** What a subscription alert names: who fetched the link, and where the member can reset it. */
export interface SubscriptionFetchDetails {
  readonly client: string;
  readonly ip: string;
  readonly at: Date;
  /** /user/security's list of fetches, with the reset button. */
  readonly securityUrl: string;
}

/** A member's subscription link was fetched from an address the account had not been used from. */
export function subscriptionFetchedText(
  language: ApiLanguage,
  channel: CodeChannel,
  details: SubscriptionFetchDetails,
): Text {
  const brand = BRAND[language];
  const from = [details.client, details.ip, utcMinute(details.at)].filter(Boolean).join(', ');
  const text: Text =
    language === 'zh_CN'
      ? {
          subject: `${brand}：您的订阅链接在新的地址被获取`,
          text: `您的${brand} 订阅链接刚刚在一个您的账号从未使用过的地址被获取：${from}。如是本人操作（例如在另一台设备或网络上导入），无需处理；如非本人操作，请立即重置订阅，旧的链接和连接信息将全部失效：${details.securityUrl}`,
        }
      : {
          subject: `${brand}: your subscription link was fetched from a new address`,
          text: `Your ${brand} subscription link was just fetched from an address your account had not been used from: ${from}. If this was you (importing on another device or network), there is nothing to do. If it was not, reset your subscription now: every old link and connection detail stops working. ${details.securityUrl}`,
        };
  return forChannel(text, channel, brand);
}

/** A KOL's commission passed its refund window: what it is worth and the balance available now. */
export function commissionAvailableText(
  language: ApiLanguage,
  channel: CodeChannel,
  details: { commissionCents: number; availableCents: number },
): Text {
  const brand = BRAND[language];
  const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const text: Text =
    language === 'zh_CN'
      ? {
          subject: `${brand}：一笔佣金 ${usd(details.commissionCents)} 已可结算`,
          text: `您的一笔佣金 ${usd(details.commissionCents)} 已过退款期，可以结算。当前可结算余额：${usd(details.availableCents)}。可在账号的推广中心申请结算。`,
        }
      : {
          subject: `${brand}: a commission of ${usd(details.commissionCents)} is available`,
          text: `A commission of ${usd(details.commissionCents)} has passed its refund window and is available. Your available balance is now ${usd(details.availableCents)}; ask for a payout on your account's KOL page.`,
        };
  return forChannel(text, channel, brand);
}

/** What a KOL's payout message names. */
export interface PayoutDetails {
  readonly settlementId: number;
  /** US cents, paid in USDT. */
  readonly amountCents: number;
  readonly network: string;
  readonly address: string;
  readonly txHash: string;
}

/** A KOL's payout was sent: the amount in USDT, the network, the address and the transaction. */
export function payoutSentText(
  language: ApiLanguage,
  channel: CodeChannel,
  details: PayoutDetails,
): Text {
  const brand = BRAND[language];
  const amount = `${(details.amountCents / 100).toFixed(2)} USDT`;
  const text: Text =
    language === 'zh_CN'
      ? {
          subject: `${brand}：佣金 ${amount} 已付款`,
          text: `您的佣金结算 #${details.settlementId} 已付款：${amount}，网络 ${details.network}，收款地址 ${details.address}，交易哈希 ${details.txHash}。可在账号的推广中心查看明细。`,
        }
      : {
          subject: `${brand}: your commission of ${amount} was paid`,
          text: `Your commission settlement #${details.settlementId} was paid: ${amount} on ${details.network} to ${details.address}, transaction ${details.txHash}. The details are on your account's KOL page.`,
        };
  return forChannel(text, channel, brand);
}

/** A friend took a seat in the creator's group: how many are taken now. */
export function groupJoinedText(
  language: ApiLanguage,
  channel: CodeChannel,
  details: { groupNo: string; taken: number; size: number },
): Text {
  const brand = BRAND[language];
  const text: Text =
    language === 'zh_CN'
      ? {
          subject: `${brand}：有好友加入了您的拼团 ${details.groupNo}`,
          text: `有好友加入了您发起的拼团 ${details.groupNo}：已占 ${details.taken}/${details.size} 个名额。${details.taken >= details.size ? '名额已满，全部付款后即成团。' : '分享邀请链接，邀请更多好友加入。'}`,
        }
      : {
          subject: `${brand}: a friend joined your group ${details.groupNo}`,
          text: `A friend took a seat in your group ${details.groupNo}: ${details.taken} of ${details.size} seats are taken. ${details.taken >= details.size ? 'Every seat is taken: the group is complete once every share is paid.' : 'Share your invite link to fill the rest.'}`,
        };
  return forChannel(text, channel, brand);
}

/**
 * A group ended before every seat was taken: `refund`, a share goes back where it was paid (pay
 * self); `granted`, the member has the plan all the same (pay all); `codes`, the creator has the
 * plan and a code per unused seat.
 */
export type GroupEndedOutcome = 'refund' | 'granted' | 'codes';

export function groupEndedText(
  language: ApiLanguage,
  channel: CodeChannel,
  details: { groupNo: string; outcome: GroupEndedOutcome; codes: number; expireTime: Date | null },
): Text {
  const brand = BRAND[language];
  const until = details.expireTime ? utcMinute(details.expireTime) : '';
  const zh: Record<GroupEndedOutcome, string> = {
    refund: `拼团 ${details.groupNo} 已结束，未能成团：您支付的份额将原路退回。`,
    granted: `拼团 ${details.groupNo} 已结束：发起人已为全部名额付款，您的会员已到账${until ? `，有效期至 ${until}` : ''}。`,
    codes: `拼团 ${details.groupNo} 已结束：您的会员已到账${until ? `，有效期至 ${until}` : ''}；未使用的 ${details.codes} 个名额已变为兑换码，可在“我的拼团”页面查看并送给好友。`,
  };
  const en: Record<GroupEndedOutcome, string> = {
    refund: `Group ${details.groupNo} ended before every seat was paid: your share is refunded to where you paid it.`,
    granted: `Group ${details.groupNo} ended: its creator paid for every seat, so your plan is granted${until ? ` and your membership runs until ${until}` : ''}.`,
    codes: `Group ${details.groupNo} ended: your plan is granted${until ? ` and your membership runs until ${until}` : ''}, and its ${details.codes} unused ${details.codes === 1 ? 'seat became a redeem code' : 'seats became redeem codes'} to give away, on your group orders page.`,
  };
  const text: Text =
    language === 'zh_CN'
      ? { subject: `${brand}：拼团 ${details.groupNo} 已结束`, text: zh[details.outcome] }
      : { subject: `${brand}: group ${details.groupNo} has ended`, text: en[details.outcome] };
  return forChannel(text, channel, brand);
}

/** A group buy finished: the member's plan and until when it now runs. */
export function groupFinishedText(
  language: ApiLanguage,
  channel: CodeChannel,
  details: { groupNo: string; groupType: 1 | 2; months: number; expireTime: Date | null },
): Text {
  const brand = BRAND[language];
  const until = details.expireTime ? utcMinute(details.expireTime) : '';
  const text: Text =
    language === 'zh_CN'
      ? {
          subject: `${brand}：拼团 ${details.groupNo} 已成团`,
          text: `您参加的拼团 ${details.groupNo} 已满员成团：${details.groupType === 1 ? '标准版' : '轻量版'} ${details.months} 个月已到账${until ? `，会员有效期至 ${until}` : ''}。`,
        }
      : {
          subject: `${brand}: group ${details.groupNo} is complete`,
          text: `Every seat of group ${details.groupNo} is taken: your ${details.groupType === 1 ? 'Standard' : 'Lite'} plan of ${details.months} ${details.months === 1 ? 'month' : 'months'} is granted${until ? `, and your membership now runs until ${until}` : ''}.`,
        };
  return forChannel(text, channel, brand);
}

export function messageText(
  kind: MessageKind,
  code: string | null,
  language: ApiLanguage,
  channel: CodeChannel,
  details?: SignInDetails,
): Text {
  const brand = BRAND[language];
  const text =
    language === 'zh_CN'
      ? chinese(kind, code, brand, details)
      : english(kind, code, brand, details);
  return forChannel(text, channel, brand);
}
