import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/** kol_settlement_list: one page of the KOL's payouts, newest first. */
export const kolSettlementListQuery = (page: number) =>
  queryOptions({
    queryKey: ['kol', 'settlements', page],
    queryFn: async () => {
      const [{ callApi }, { kolSettlementList }] = await Promise.all([loadApi(), kolEndpoints()]);
      return callApi(kolSettlementList, { page });
    },
    placeholderData: keepPreviousData,
  });
