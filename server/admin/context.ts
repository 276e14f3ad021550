/** What a parsed operator command runs with, and where its server-side capabilities come from. */
import { join } from 'node:path';
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import type { PaymentGateways } from '../gateways/gateway';
import { createChainReaders } from '../crypto/chain-reader';
import {
  verifyTokenTransfer,
  type TokenTransferQuery,
  type TokenTransferVerdict,
} from '../crypto/verify-token-transfer';
import type { PayoutNetwork } from '../../contract/kol';
import { registerFeatureHooks } from '../features';
import type { PayoutVerifier } from '../kol/payout-verifier';
import { CLI_ACTOR } from '../console/audit';
import { endGroupNow, type GroupEnding } from '../console/groups/group-operations';
import { chainPayoutVerifier } from './chain-payout-verifier';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

export interface AdminContext {
  readonly db: Db;
  readonly io: AdminIo;
  readonly now: () => Date;
  /**
   * The payment gateways, built on first use (most commands need none): the console's operator
   * functions on orders take them (`orders refund`).
   */
  readonly gateways: () => Promise<PaymentGateways>;
  /**
   * Ends an open group now with a reason and runs the ending job's refunds (docs/group-buy.md): the
   * console's operator function, audited as `cli`.
   */
  readonly endGroup?: (input: { groupId: string; reason: string }) => Promise<GroupEnding>;
  /**
   * Checks KOL payout hashes on chain where a network is configured (docs/kol.md); adminCapabilities
   * always supplies one, a test context may leave it out (a hash is then 'unverified').
   */
  readonly payoutVerifier?: PayoutVerifier;
  /** The site's origin, for the console's enrolment links (server/web/site-origin.ts). */
  readonly siteOrigin?: () => string;
  /** The running server's cache of member sessions: a sign-out applies there at once. */
  readonly sessionCache?: SessionCache;
  /** Where a restore writes its safety backup of the data it replaces (DATA_DIR/backups). */
  readonly backupDir: string;
}

/** A command whose arguments were checked; it returns the exit code. */
export type AdminCommand = (context: AdminContext) => Promise<number>;

export interface AdminCapabilityDeps {
  readonly db: Db;
  /** Built on first use: most commands need no gateway. */
  readonly gateways: () => Promise<PaymentGateways>;
  /** The running server's cache, so what a command changes applies at once (absent in the CLI). */
  readonly sessionCache?: SessionCache;
  /** The crypto module's transfer check (the server's, sharing its chain clients); default: own clients. */
  readonly verifyTokenTransfer?: (query: TokenTransferQuery) => Promise<TokenTransferVerdict>;
  /** KOL payout networks read on other chains (a test net; tests: the local chain). */
  readonly payoutChainIds?: Partial<Record<PayoutNetwork, number>>;
  /** The site's origin (the running server's, or PUBLIC_ORIGIN / HOST:PORT from the config). */
  readonly siteOrigin?: () => string;
  /** DATA_DIR: a restore's safety backups go to its `backups` folder. */
  readonly dataDir: string;
}

/**
 * Everything of AdminContext beyond `db` and `io`, the same whether a command runs inside the
 * running server (PGlite, server/admin/admin-channel.ts) or in the CLI's own process (PostgreSQL, or
 * no server running). A capability added to AdminContext is added here, once, for both.
 */
export function adminCapabilities(deps: AdminCapabilityDeps): Omit<AdminContext, 'db' | 'io'> {
  // The CLI's own process runs the order and payment paths without a server: the features' hooks
  // (group seats, commissions) must be there as they are in the server's.
  registerFeatureHooks();
  let chains: ReturnType<typeof createChainReaders> | undefined;
  const verify =
    deps.verifyTokenTransfer ??
    ((query: TokenTransferQuery) =>
      verifyTokenTransfer({ db: deps.db, chains: (chains ??= createChainReaders()) }, query));
  return {
    now: () => new Date(),
    backupDir: join(deps.dataDir, 'backups'),
    gateways: deps.gateways,
    endGroup: (input) =>
      endGroupNow(
        {
          db: deps.db,
          now: () => new Date(),
          gateways: deps.gateways,
          ...(deps.sessionCache ? { sessionCache: deps.sessionCache } : {}),
        },
        CLI_ACTOR,
        input,
      ),
    ...(deps.siteOrigin ? { siteOrigin: deps.siteOrigin } : {}),
    ...(deps.sessionCache ? { sessionCache: deps.sessionCache } : {}),
    payoutVerifier: chainPayoutVerifier({
      db: deps.db,
      verifyTokenTransfer: verify,
      ...(deps.payoutChainIds ? { chainIds: deps.payoutChainIds } : {}),
    }),
  };
}
