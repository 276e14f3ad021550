/** The dashboard's endpoints (contract/endpoints/console-dashboard.ts): figures and series. */
import type { consoleDashboardEndpoints } from '../../../contract/endpoints/console-dashboard';
import type { Db } from '../../db/database';
import type { HandlersOf } from '../console-handler';
import { roleAllows } from '../roles';
import { dashboardFigures, dashboardSeries } from './dashboard-figures';

export function dashboardHandlers(deps: {
  db: Db;
  now: () => Date;
}): HandlersOf<typeof consoleDashboardEndpoints> {
  return {
    // The money figures are left out of the answer for a role without `dashboard.money`.
    consoleDashboard: (_input, { auth }) =>
      dashboardFigures(deps.db, deps.now(), {
        money: roleAllows(auth!.staff.role, 'dashboard.money'),
      }),
    consoleDashboardSeries: async (input, { auth }) => ({
      days: await dashboardSeries(deps.db, deps.now(), input.days, {
        money: roleAllows(auth!.staff.role, 'dashboard.money'),
      }),
    }),
  };
}
