/**
 * The sandbox gateway (default outside PROD): a checkout page served by this server with Pay and
 * Fail buttons, and notifications signed with HMAC-SHA256 like a real gateway's, delivered to
 * `POST /pay/notify/sandbox` and verified there exactly like any other gateway's. Its "bank" is in
 * memory: what was paid, so that reconciliation can ask about a notification that got lost.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiLanguage } from '../../contract';
import { verified } from './gateway';
import type { CreatePaymentInput, Gateway, GatewayStatus, VerifyResult } from './gateway';
import { safeEqual } from '../identity/safe-equal';
import { canonicalString, hmacSha256Hex, type Params } from './signing';

export const SANDBOX_NOTIFY_PATH = '/pay/notify/sandbox';
/** A notification older (or further in the future) than this is refused as stale. */
export const SANDBOX_TOLERANCE_SECONDS = 300;

export interface SandboxSession {
  readonly orderNo: string;
  readonly amount: number;
  readonly currency: 'CNY' | 'USD';
  readonly subject: string;
  readonly language: ApiLanguage;
  readonly returnUrl: string;
  readonly expiresAt: Date;
}

interface SandboxTrade {
  readonly tradeNo: string;
  readonly state: 'paid' | 'failed' | 'refunded';
  readonly amount: number;
  readonly currency: string;
}

export interface SandboxGateway extends Gateway {
  readonly name: 'sandbox';
  /** The checkout session created for an order (this process only). */
  session(orderNo: string): SandboxSession | undefined;
  /** Records the buyer's choice in the sandbox's bank and returns the signed notification. */
  settle(
    order: { orderNo: string; amount: number; currency: string },
    outcome: 'paid' | 'failed',
    nowMs?: number,
  ): Params;
  /** Signs arbitrary notification fields (tests: a notification with a wrong amount). */
  sign(fields: Params): Params;
  verify(params: Params, nowMs?: number): VerifyResult;
}

export const sandboxTradeNo = (orderNo: string) => `SBX${orderNo}`;

export function createSandboxGateway(options: {
  secret: string;
  /** Origin the checkout page is served from; undefined: a same-origin path. */
  origin: string | undefined;
}): SandboxGateway {
  const { secret } = options;
  const sessions = new Map<string, SandboxSession>();
  const trades = new Map<string, SandboxTrade>();
  const sign = (fields: Params): Params => ({
    ...fields,
    sign: hmacSha256Hex(secret, canonicalString(fields)),
    sign_type: 'HMAC-SHA256',
  });

  return {
    name: 'sandbox',
    async createPayment(input: CreatePaymentInput) {
      sessions.set(input.orderNo, {
        orderNo: input.orderNo,
        amount: input.amount,
        currency: input.currency,
        subject: input.subject,
        language: input.language,
        returnUrl: input.returnUrl,
        expiresAt: input.expiresAt,
      });
      return {
        payUrl: `${options.origin ?? ''}/pay/sandbox/${encodeURIComponent(input.orderNo)}`,
        gatewayRef: null,
      };
    },
    async queryStatus({ orderNo }): Promise<GatewayStatus> {
      const trade = trades.get(orderNo);
      if (!trade) return { state: 'pending' };
      if (trade.state === 'failed') return { state: 'failed' };
      return {
        state: 'paid',
        tradeNo: trade.tradeNo,
        amount: trade.amount,
        currency: trade.currency,
        raw: { sandbox: true, ...trade },
      };
    },
    async refund({ orderNo }) {
      const trade = trades.get(orderNo);
      // A payment made in another process (or before a restart) is refunded on trust: it is a sandbox.
      if (trade) trades.set(orderNo, { ...trade, state: 'refunded' });
    },
    session: (orderNo) => sessions.get(orderNo),
    settle(order, outcome, nowMs = Date.now()) {
      const tradeNo = sandboxTradeNo(order.orderNo);
      const previous = trades.get(order.orderNo);
      // Like a card network: a paid trade stays paid, a failed attempt may be followed by a payment.
      if (previous?.state !== 'paid' && previous?.state !== 'refunded') {
        trades.set(order.orderNo, {
          tradeNo,
          state: outcome,
          amount: order.amount,
          currency: order.currency,
        });
      }
      return sign({
        out_trade_no: order.orderNo,
        trade_no: tradeNo,
        amount: String(order.amount),
        currency: order.currency,
        status: outcome,
        timestamp: String(Math.floor(nowMs / 1000)),
      });
    },
    sign,
    verify(params, nowMs = Date.now()): VerifyResult {
      const {
        sign: signature,
        out_trade_no,
        trade_no,
        amount,
        currency,
        status,
        timestamp,
      } = params;
      if (
        !signature ||
        !out_trade_no ||
        !trade_no ||
        !currency ||
        !timestamp ||
        !/^\d{1,15}$/.test(amount ?? '') ||
        !/^\d{1,12}$/.test(timestamp) ||
        (status !== 'paid' && status !== 'failed')
      ) {
        return { ok: false, reason: 'malformed' };
      }
      const expected = hmacSha256Hex(secret, canonicalString(params));
      if (!safeEqual(signature.toLowerCase(), expected)) return { ok: false, reason: 'signature' };
      if (Math.abs(nowMs / 1000 - Number(timestamp)) > SANDBOX_TOLERANCE_SECONDS) {
        return { ok: false, reason: 'stale' };
      }
      return verified(
        {
          gateway: 'sandbox',
          tradeNo: trade_no,
          orderNo: out_trade_no,
          amount: Number(amount),
          currency,
          status,
          raw: { ...params },
        },
        // Optional, signed like the rest: the paying account, as EPay's `buyer` names it.
        params.buyer,
      );
    },
  };
}

/** SANDBOX_SECRET, else a secret generated once under DATA_DIR/keys (shared by processes on it). */
export async function loadSandboxSecret(
  dataDir: string,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv;
  const dir = join(dataDir, 'keys');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'sandbox-secret');
  try {
    const existing = (await readFile(path, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
  return (await readFile(path, 'utf8')).trim();
}
