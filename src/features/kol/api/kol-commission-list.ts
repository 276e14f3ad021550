import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lazyQuery } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/** kol_commission_list: one page of the commission ledger, newest first. */
export const kolCommissionListQuery = (page: number) =>
  queryOptions({
    ...lazyQuery(['kol', 'commissions', page], kolEndpoints, (m) => m.kolCommissionList, { page }),
    placeholderData: keepPreviousData,
  });
