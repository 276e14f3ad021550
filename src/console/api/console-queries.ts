/** The console's reads as React Query options, and the session the guard and the shell share. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  consoleAnnouncementList,
  consoleAuditList,
  consoleCryptoOverview,
  consoleCryptoReorgs,
  consoleCryptoTransfers,
  consoleBenefitList,
  consoleContentPageList,
  consoleLinksRead,
  consoleBulkExtendPreview,
  consoleDashboard,
  consoleDashboardSeries,
  consoleGroupList,
  consoleGroupRecord,
  consoleOrderList,
  consoleOrderRecord,
  consolePaymentFlags,
  consoleNodeList,
  consoleNodeRecord,
  consoleKolList,
  consoleKolCommissions,
  consoleKolSettlements,
  consoleKolLedgerCheck,
  consoleUserRecord,
  consoleUserSearch,
  consoleSessionInfo,
  consoleStaffList,
  consoleStoreCoupons,
  consoleStoreGroupBuy,
  consoleStorePlans,
  consoleStoreRedeemBatches,
  consoleStoreRedeemCode,
  type ConsoleInputOf,
  type ConsoleSession,
} from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { isApiError } from '../../lib/api-error';
import { consoleCall, setCsrfToken } from './console-client';

export const CONSOLE_KEY = ['console'] as const;

/** The signed-in staff member, or null when there is no (live) staff session. */
export const consoleSessionQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'session'],
  queryFn: async (): Promise<ConsoleSession | null> => {
    try {
      const session = await consoleCall(consoleSessionInfo, {});
      setCsrfToken(session.csrfToken);
      return session;
    } catch (error) {
      if (
        isApiError(error) &&
        (error.code === Errors.CONSOLE_SIGNED_OUT.code || error.code === Errors.UNAUTHORIZED.code)
      ) {
        setCsrfToken(null);
        return null;
      }
      throw error;
    }
  },
  staleTime: 30_000,
});

/** For the route guards: the session, asked once and then read from the cache while fresh. */
export function loadConsoleSession(queryClient: QueryClient): Promise<ConsoleSession | null> {
  return queryClient.ensureQueryData(consoleSessionQuery);
}

/** A new session (sign-in, step-up) replaces the cached one and its CSRF token. */
export function storeConsoleSession(
  queryClient: QueryClient,
  session: ConsoleSession | null,
): void {
  setCsrfToken(session?.csrfToken ?? null);
  queryClient.setQueryData(consoleSessionQuery.queryKey, session);
}

export const staffListQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'staff'],
  queryFn: () => consoleCall(consoleStaffList, {}),
});

/** Exact search; an empty query reads nothing. */
export const memberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'members', 'search', q],
    queryFn: () => consoleCall(consoleUserSearch, { q }),
    enabled: q.trim() !== '',
  });

export const memberRecordQuery = (userId: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'members', 'record', userId],
    queryFn: () => consoleCall(consoleUserRecord, { userId }),
  });

export const activeMembersQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'members', 'active'],
  queryFn: () => consoleCall(consoleBulkExtendPreview, {}),
});

export type AuditFilters = ConsoleInputOf<typeof consoleAuditList>;

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'audit', filters],
    queryFn: () => consoleCall(consoleAuditList, filters),
  });

/** Every announcement with its state and reads (the content section). */
export const announcementsQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'announcements'],
  queryFn: () => consoleCall(consoleAnnouncementList, {}),
});

/** The yearly plan's benefits, hidden ones too. */
export const benefitsQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'benefits'],
  queryFn: () => consoleCall(consoleBenefitList, {}),
});

/** The FAQ and the clauses, each with the replacement published in the console or none. */
export const contentPagesQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'pages'],
  queryFn: () => consoleCall(consoleContentPageList, {}),
});

/** The site's links (the display config's `links`). */
export const siteLinksQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'links'],
  queryFn: () => consoleCall(consoleLinksRead, {}),
});

export const dashboardQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'dashboard'],
  queryFn: () => consoleCall(consoleDashboard, {}),
});

/** The daily series of the last 30 or 90 days; switching back to a range shows it from the cache. */
export const dashboardSeriesQuery = (days: 30 | 90) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'dashboard', 'series', days],
    queryFn: () => consoleCall(consoleDashboardSeries, { days }),
  });

export type OrderFilters = ConsoleInputOf<typeof consoleOrderList>;

export const orderListQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'orders', 'list', filters],
    queryFn: () => consoleCall(consoleOrderList, filters),
  });

export const orderRecordQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'orders', 'record', orderId],
    queryFn: () => consoleCall(consoleOrderRecord, { orderId }),
  });

/** The payment flags, open ones only unless `all`. */
export const paymentFlagsQuery = (all: boolean, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'orders', 'flags', all, page],
    queryFn: () => consoleCall(consolePaymentFlags, { all: all ? '1' : '0', page, pageSize }),
  });

/**
 * Every node with its health. Read on demand (the page's Refresh button), never on a timer: each
 * call moves the session's idle limit on, and an unattended tab must still time out.
 */
export const nodeListQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'nodes', 'list'],
  queryFn: () => consoleCall(consoleNodeList, {}),
});

export const nodeRecordQuery = (nodeId: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'nodes', 'record', nodeId],
    queryFn: () => consoleCall(consoleNodeRecord, { nodeId }),
  });

export type GroupFilters = ConsoleInputOf<typeof consoleGroupList>;

export const groupListQuery = (filters: GroupFilters) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'groups', 'list', filters],
    queryFn: () => consoleCall(consoleGroupList, filters),
  });

export const groupRecordQuery = (groupId: string) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'groups', 'record', groupId],
    queryFn: () => consoleCall(consoleGroupRecord, { groupId }),
  });

// The crypto section (issue 21, item 7).
export const cryptoOverviewQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'crypto', 'overview'],
  queryFn: () => consoleCall(consoleCryptoOverview, {}),
});

export const cryptoTransfersQuery = (all: boolean) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'crypto', 'transfers', all],
    queryFn: () => consoleCall(consoleCryptoTransfers, { all: all ? '1' : '0' }),
  });

export const cryptoReorgsQuery = (all: boolean) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'crypto', 'reorgs', all],
    queryFn: () => consoleCall(consoleCryptoReorgs, { all: all ? '1' : '0' }),
  });
/** The KOLs with their terms and totals, and the programme's settings. */
export const kolListQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'kol', 'list'],
  queryFn: () => consoleCall(consoleKolList, {}),
});

export const kolCommissionsQuery = (input: ConsoleInputOf<typeof consoleKolCommissions>) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'kol', 'commissions', input],
    queryFn: () => consoleCall(consoleKolCommissions, input),
  });

export const kolSettlementsQuery = (input: ConsoleInputOf<typeof consoleKolSettlements>) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'kol', 'settlements', input],
    queryFn: () => consoleCall(consoleKolSettlements, input),
  });

/** The ledger's balance, asked on the button only. */
export const kolLedgerQuery = queryOptions({
  queryKey: [...CONSOLE_KEY, 'kol', 'ledger'],
  queryFn: () => consoleCall(consoleKolLedgerCheck, {}),
  enabled: false,
});

/** The store section's reads (plans, promo codes, redeem batches, group buy), under one key. */
export const STORE_KEY = [...CONSOLE_KEY, 'store'] as const;

export const storePlansQuery = queryOptions({
  queryKey: [...STORE_KEY, 'plans'],
  queryFn: () => consoleCall(consoleStorePlans, {}),
});

export const storeCouponsQuery = queryOptions({
  queryKey: [...STORE_KEY, 'coupons'],
  queryFn: () => consoleCall(consoleStoreCoupons, {}),
});

export const storeRedeemBatchesQuery = queryOptions({
  queryKey: [...STORE_KEY, 'redeem-batches'],
  queryFn: () => consoleCall(consoleStoreRedeemBatches, {}),
});

/** One redeem code looked up by its text; read again after every store act (a disable). */
export const storeRedeemCodeQuery = (code: string) =>
  queryOptions({
    queryKey: [...STORE_KEY, 'redeem-code', code],
    queryFn: () => consoleCall(consoleStoreRedeemCode, { code }),
  });

export const storeGroupBuyQuery = queryOptions({
  queryKey: [...STORE_KEY, 'group-buy'],
  queryFn: () => consoleCall(consoleStoreGroupBuy, {}),
});
