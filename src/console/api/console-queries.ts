/** The console's reads as React Query options, and the session the guard and the shell share. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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
  type ConsoleEndpoint,
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

/**
 * One console read as query options: `key` under CONSOLE_KEY (what an act's refresh names), and
 * the endpoint called with `input`.
 */
function consoleQuery<I extends z.ZodType, D extends z.ZodType>(
  key: readonly unknown[],
  endpoint: ConsoleEndpoint<I, D>,
  input: z.input<I>,
) {
  return queryOptions({
    queryKey: [...CONSOLE_KEY, ...key],
    queryFn: () => consoleCall(endpoint, input),
  });
}

/**
 * A console list whose input the operator changes (filters, page, "show every one"): the rows
 * read last stay on screen while the new ones load.
 */
function consoleListQuery<I extends z.ZodType, D extends z.ZodType>(
  key: readonly unknown[],
  endpoint: ConsoleEndpoint<I, D>,
  input: z.input<I>,
) {
  return queryOptions({ ...consoleQuery(key, endpoint, input), placeholderData: keepPreviousData });
}

export const staffListQuery = consoleQuery(['staff'], consoleStaffList, {});

/** Exact search; an empty query reads nothing. */
export const memberSearchQuery = (q: string) =>
  queryOptions({
    ...consoleQuery(['members', 'search', q], consoleUserSearch, { q }),
    enabled: q.trim() !== '',
  });

export const memberRecordQuery = (userId: number) =>
  consoleQuery(['members', 'record', userId], consoleUserRecord, { userId });

export const activeMembersQuery = consoleQuery(['members', 'active'], consoleBulkExtendPreview, {});

export type AuditFilters = ConsoleInputOf<typeof consoleAuditList>;

export const auditQuery = (filters: AuditFilters) =>
  consoleListQuery(['audit', filters], consoleAuditList, filters);

/** Every announcement with its state and reads (the content section). */
export const announcementsQuery = consoleQuery(['announcements'], consoleAnnouncementList, {});

/** The yearly plan's benefits, hidden ones too. */
export const benefitsQuery = consoleQuery(['benefits'], consoleBenefitList, {});

/** The FAQ and the clauses, each with the replacement published in the console or none. */
export const contentPagesQuery = consoleQuery(['pages'], consoleContentPageList, {});

/** The site's links (the display config's `links`). */
export const siteLinksQuery = consoleQuery(['links'], consoleLinksRead, {});

export const dashboardQuery = consoleQuery(['dashboard'], consoleDashboard, {});

/** The daily series of the last 30 or 90 days; switching back to a range shows it from the cache. */
export const dashboardSeriesQuery = (days: 30 | 90) =>
  consoleQuery(['dashboard', 'series', days], consoleDashboardSeries, { days });

export type OrderFilters = ConsoleInputOf<typeof consoleOrderList>;

export const orderListQuery = (filters: OrderFilters) =>
  consoleListQuery(['orders', 'list', filters], consoleOrderList, filters);

export const orderRecordQuery = (orderId: string) =>
  consoleQuery(['orders', 'record', orderId], consoleOrderRecord, { orderId });

/** The payment flags, open ones only unless `all`. */
export const paymentFlagsQuery = (all: boolean, page: number, pageSize: number) =>
  consoleListQuery(['orders', 'flags', all, page], consolePaymentFlags, {
    all: all ? '1' : '0',
    page,
    pageSize,
  });

/**
 * Every node with its health. Read on demand (the page's Refresh button), never on a timer: each
 * call moves the session's idle limit on, and an unattended tab must still time out.
 */
export const nodeListQuery = consoleQuery(['nodes', 'list'], consoleNodeList, {});

export const nodeRecordQuery = (nodeId: number) =>
  consoleQuery(['nodes', 'record', nodeId], consoleNodeRecord, { nodeId });

export type GroupFilters = ConsoleInputOf<typeof consoleGroupList>;

export const groupListQuery = (filters: GroupFilters) =>
  consoleListQuery(['groups', 'list', filters], consoleGroupList, filters);

export const groupRecordQuery = (groupId: string) =>
  consoleQuery(['groups', 'record', groupId], consoleGroupRecord, { groupId });

// The crypto section (issue 21, item 7).
export const cryptoOverviewQuery = consoleQuery(['crypto', 'overview'], consoleCryptoOverview, {});

/** The transfers no order took (every one with `all`). */
export const cryptoTransfersQuery = (all: boolean) =>
  consoleListQuery(['crypto', 'transfers', all], consoleCryptoTransfers, { all: all ? '1' : '0' });

/** The credits a reorg took back, open ones only unless `all`. */
export const cryptoReorgsQuery = (all: boolean) =>
  consoleListQuery(['crypto', 'reorgs', all], consoleCryptoReorgs, { all: all ? '1' : '0' });

/** The KOLs with their terms and totals, and the programme's settings. */
export const kolListQuery = consoleQuery(['kol', 'list'], consoleKolList, {});

export const kolCommissionsQuery = (input: ConsoleInputOf<typeof consoleKolCommissions>) =>
  consoleListQuery(['kol', 'commissions', input], consoleKolCommissions, input);

export const kolSettlementsQuery = (input: ConsoleInputOf<typeof consoleKolSettlements>) =>
  consoleListQuery(['kol', 'settlements', input], consoleKolSettlements, input);

/** The ledger's balance, asked on the button only. */
export const kolLedgerQuery = queryOptions({
  ...consoleQuery(['kol', 'ledger'], consoleKolLedgerCheck, {}),
  enabled: false,
});

/** The store section's reads (plans, promo codes, redeem batches, group buy), under one key. */
export const STORE_KEY = [...CONSOLE_KEY, 'store'] as const;

export const storePlansQuery = consoleQuery(['store', 'plans'], consoleStorePlans, {});

export const storeCouponsQuery = consoleQuery(['store', 'coupons'], consoleStoreCoupons, {});

export const storeRedeemBatchesQuery = consoleQuery(
  ['store', 'redeem-batches'],
  consoleStoreRedeemBatches,
  {},
);

/** One redeem code looked up by its text; read again after every store act (a disable). */
export const storeRedeemCodeQuery = (code: string) =>
  consoleQuery(['store', 'redeem-code', code], consoleStoreRedeemCode, { code });

export const storeGroupBuyQuery = consoleQuery(['store', 'group-buy'], consoleStoreGroupBuy, {});
