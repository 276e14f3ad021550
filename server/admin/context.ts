/** What a parsed operator command runs with. */
import type { Db } from '../db/database';

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
}

/** A command whose arguments were checked; it returns the exit code. */
export type AdminCommand = (context: AdminContext) => Promise<number>;
