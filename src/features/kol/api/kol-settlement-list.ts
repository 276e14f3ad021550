import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lazyQuery } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/** kol_settlement_list: one page of the KOL's payouts, newest first. */
export const kolSettlementListQuery = (page: number) =>
  queryOptions({
    ...lazyQuery(['kol', 'settlements', page], kolEndpoints, (m) => m.kolSettlementList, { page }),
    placeholderData: keepPreviousData,
  });
