import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../load-api';
import { CATALOG_STALE_MS } from '../query-client';

/** system_affiliate: the messaging-app link of the partner team (the affiliate page, /user/kol). */
export const affiliateContactQuery = () =>
  queryOptions({
    queryKey: ['affiliate-contact'],
    queryFn: async () => {
      const [{ callApiQuiet }, { systemAffiliate }] = await Promise.all([
        loadApi(),
        import('../../../contract/endpoints/system'),
      ]);
      return callApiQuiet(systemAffiliate, {});
    },
    staleTime: CATALOG_STALE_MS,
  });
