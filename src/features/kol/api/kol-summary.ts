import { lazyQuery } from '../../../lib/load-api';

export const kolEndpoints = () => import('../../../../contract/endpoints/kol');

/**
 * kol_summary: rates, invite code, payout address and the totals. Quiet: a user who is not a KOL
 * gets KOL_NOT_A_KOL, which the page shows as its own message rather than a toast.
 */
export const kolSummaryQuery = () =>
  lazyQuery(['kol', 'summary'], kolEndpoints, (m) => m.kolSummary, {}, { quiet: true });
