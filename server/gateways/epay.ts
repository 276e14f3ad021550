/**
 * The EPay protocol (易支付), the aggregator interface Chinese stores (V2Board, Xboard, SSPanel) use
 * for Alipay, WeChat Pay and UnionPay:
 * - pay: the buyer's browser goes to `${url}/submit.php?pid&type&out_trade_no&notify_url&return_url
 *   &name&money&sign&sign_type=MD5`; money is yuan with two decimals;
 * - sign: md5(non-empty params except sign/sign_type, sorted by key, as `k=v&k=v`, then the key
 *   appended), lower-case hex;
 * - notify: the aggregator calls notify_url (GET, some POST form) with pid, trade_no, out_trade_no,
 *   type, name, money, trade_status (TRADE_SUCCESS when paid), sign; the answer is the text
 *   `success`, anything else makes it retry;
 * - query: `${url}/api.php?act=order&pid&key&out_trade_no` -> JSON { code: 1, status: 1 (paid), ... };
 * - refund: `EPAY_REFUND_URL` (e.g. `${url}/api.php?act=refund`) with pid, key, out_trade_no,
 *   trade_no, money -> { code: 1 } when refunded. Aggregators without one: refund by hand.
 * EPay settles in CNY only.
 */
import type { PaymentMethodName } from '../../contract/endpoints/payment';
import type { EpayMethod, PaymentsConfig } from '../config';
import { GatewayError, verified } from './gateway';
import type { CreatePaymentInput, Gateway, GatewayStatus, VerifyResult } from './gateway';
import { safeEqual } from '../identity/safe-equal';
import { canonicalString, md5Hex, parseMajorString, toMajorString, type Params } from './signing';

export const EPAY_NOTIFY_PATH = '/pay/notify/epay';
/** The `type` parameter for each method (彩虹易支付: alipay, wxpay, bank = UnionPay/云闪付). */
export const EPAY_TYPES: Readonly<Record<EpayMethod, string>> = {
  alipay: 'alipay',
  wechat: 'wxpay',
  unionpay: 'bank',
};

type EpayConfig = NonNullable<PaymentsConfig['epay']>;

export function epaySign(params: Params, key: string): string {
  return md5Hex(canonicalString(params) + key);
}

export interface EpayGateway extends Gateway {
  readonly name: 'epay';
  verify(params: Params): VerifyResult;
}

const TIMEOUT_MS = 10_000;

export function createEpayGateway(options: {
  config: EpayConfig;
  /** Absolute origin the aggregator calls back (notify_url). */
  callbackOrigin: string;
  fetch?: typeof fetch;
}): EpayGateway {
  const { config } = options;
  const doFetch = options.fetch ?? fetch;
  const notifyUrl = `${options.callbackOrigin}${EPAY_NOTIFY_PATH}`;

  async function callJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new GatewayError('epay', `request failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const text = await response.text();
    if (!response.ok)
      throw new GatewayError('epay', `HTTP ${response.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new GatewayError('epay', `not JSON: ${text.slice(0, 200)}`);
    }
  }

  return {
    name: 'epay',
    async createPayment(input: CreatePaymentInput) {
      if (input.currency !== 'CNY') {
        throw new GatewayError('epay', `settles in CNY only, asked for ${input.currency}`);
      }
      if (!(config.methods as readonly PaymentMethodName[]).includes(input.method)) {
        throw new GatewayError('epay', `method ${input.method} is not configured`);
      }
      const params: Record<string, string> = {
        pid: config.pid,
        type: EPAY_TYPES[input.method as EpayMethod],
        out_trade_no: input.orderNo,
        notify_url: notifyUrl,
        return_url: input.returnUrl,
        name: input.subject,
        money: toMajorString(input.amount),
      };
      const query = new URLSearchParams({
        ...params,
        sign: epaySign(params, config.key),
        sign_type: 'MD5',
      });
      return { payUrl: `${config.url}/submit.php?${query.toString()}`, gatewayRef: null };
    },
    async queryStatus({ orderNo }): Promise<GatewayStatus> {
      const query = new URLSearchParams({
        act: 'order',
        pid: config.pid,
        key: config.key,
        out_trade_no: orderNo,
      });
      const body = await callJson(`${config.url}/api.php?${query.toString()}`);
      // code 1 with the order; anything else (e.g. -1 "order not found"): nothing paid there yet.
      if (Number(body.code) !== 1) return { state: 'pending' };
      if (
        String(body.out_trade_no ?? orderNo) !== orderNo ||
        String(body.pid ?? config.pid) !== config.pid
      ) {
        throw new GatewayError('epay', `query answered for another order or merchant`);
      }
      if (Number(body.status) !== 1) return { state: 'pending' };
      const amount = parseMajorString(String(body.money ?? ''));
      const tradeNo =
        typeof body.trade_no === 'string' ? body.trade_no : String(body.trade_no ?? '');
      if (amount === undefined || tradeNo === '') {
        throw new GatewayError('epay', 'query answered paid without money or trade_no');
      }
      return { state: 'paid', tradeNo, amount, currency: 'CNY', raw: body };
    },
    async refund(payment) {
      if (!config.refundUrl) {
        throw new GatewayError(
          'epay',
          `this aggregator has no refund API configured (EPAY_REFUND_URL): refund ${payment.orderNo} (trade ${payment.tradeNo}, ${toMajorString(payment.amount)} ${payment.currency}) in the aggregator's merchant console, then run the refund again with --manual`,
        );
      }
      const form = new URLSearchParams({
        pid: config.pid,
        key: config.key,
        out_trade_no: payment.orderNo,
        trade_no: payment.tradeNo,
        money: toMajorString(payment.amount),
      });
      const body = await callJson(config.refundUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (Number(body.code) !== 1) {
        throw new GatewayError(
          'epay',
          `refund refused: ${String(body.msg ?? JSON.stringify(body))}`,
          { refused: true },
        );
      }
    },
    verify(params: Params): VerifyResult {
      const { sign, pid, trade_no, out_trade_no, money, trade_status } = params;
      if (!sign || !pid || !trade_no || !out_trade_no || !money || !trade_status) {
        return { ok: false, reason: 'malformed' };
      }
      if (params.sign_type && params.sign_type.toUpperCase() !== 'MD5') {
        return { ok: false, reason: 'malformed' };
      }
      if (!safeEqual(sign.toLowerCase(), epaySign(params, config.key))) {
        return { ok: false, reason: 'signature' };
      }
      if (!safeEqual(pid, config.pid)) return { ok: false, reason: 'merchant' };
      const amount = parseMajorString(money);
      if (amount === undefined) return { ok: false, reason: 'malformed' };
      // EPay notifies only successful payments; other statuses (e.g. WAIT_BUYER_PAY) change nothing.
      if (trade_status !== 'TRADE_SUCCESS') return { ok: false, reason: 'ignored' };
      return verified(
        {
          gateway: 'epay',
          tradeNo: trade_no,
          orderNo: out_trade_no,
          amount,
          currency: 'CNY',
          status: 'paid',
          raw: { ...params },
        },
        // 彩虹易支付 names the payer's Alipay/WeChat account as `buyer` where the channel reports
        // it; it is signed with the rest (every non-empty parameter is).
        params.buyer,
      );
    },
  };
}
