import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/** kol_commission_list: one page of the commission ledger, newest first. */
export const kolCommissionListQuery = (page: number) =>
  queryOptions({
    queryKey: ['kol', 'commissions', page],
    queryFn: async () => {
      const [{ callApi }, { kolCommissionList }] = await Promise.all([loadApi(), kolEndpoints()]);
      return callApi(kolCommissionList, { page });
    },
    placeholderData: keepPreviousData,
  });
