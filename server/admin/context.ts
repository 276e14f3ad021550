/** What a parsed operator command runs with, and where its server-side capabilities come from. */
import type { SessionCache } from '../accounts/session-cache';
import type { Db } from '../db/database';
import type { PaymentGateways } from '../payments/gateway';
import { refundOrder } from '../payments/refund-order';
import type { PayoutVerifier } from '../kol/payout-verifier';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

export interface RefundOutcome {
  readonly refunded: boolean;
  readonly userExpireTime: Date | null;
}

export interface AdminContext {
  readonly db: Db;
  readonly io: AdminIo;
  readonly now: () => Date;
  /** Refunds a paid order through its gateway (server/payments refundOrder). */
  readonly refund: (orderNo: string, options: { manual: boolean }) => Promise<RefundOutcome>;
  /** Checks KOL payout hashes on chain; absent, a recorded hash stays 'unverified' (docs/kol.md). */
  readonly payoutVerifier?: PayoutVerifier;
}

/** A command whose arguments were checked; it returns the exit code. */
export type AdminCommand = (context: AdminContext) => Promise<number>;

export interface AdminCapabilityDeps {
  readonly db: Db;
  /** Built on first use: most commands need no gateway. */
  readonly gateways: () => Promise<PaymentGateways>;
  /** The running server's cache, so what a command changes applies at once (absent in the CLI). */
  readonly sessionCache?: SessionCache;
  /** The crypto module's on-chain check of KOL payout hashes, where one is configured. */
  readonly payoutVerifier?: PayoutVerifier;
}

/**
 * Everything of AdminContext beyond `db` and `io`, the same whether a command runs inside the
 * running server (PGlite, server/admin/admin-channel.ts) or in the CLI's own process (PostgreSQL, or
 * no server running). A capability added to AdminContext is added here, once, for both.
 */
export function adminCapabilities(deps: AdminCapabilityDeps): Omit<AdminContext, 'db' | 'io'> {
  return {
    now: () => new Date(),
    refund: async (orderNo, options) =>
      refundOrder(
        { db: deps.db, gateways: await deps.gateways(), sessionCache: deps.sessionCache },
        orderNo,
        options,
      ),
    ...(deps.payoutVerifier ? { payoutVerifier: deps.payoutVerifier } : {}),
  };
}
