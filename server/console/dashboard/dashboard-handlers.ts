/** The dashboard's endpoints (contract/endpoints/console-dashboard.ts): figures and series. */
import type { consoleDashboardEndpoints } from '../../../contract/endpoints/console-dashboard';
import type { Db } from '../../db/database';
import type { HandlersOf } from '../console-handler';
import { dashboardFigures, dashboardSeries } from './dashboard-figures';

export function dashboardHandlers(deps: {
  db: Db;
  now: () => Date;
}): HandlersOf<typeof consoleDashboardEndpoints> {
  return {
    consoleDashboard: () => dashboardFigures(deps.db, deps.now()),
    consoleDashboardSeries: async (input) => ({
      days: await dashboardSeries(deps.db, deps.now(), input.days),
    }),
  };
}
