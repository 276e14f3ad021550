import { queryOptions } from '@tanstack/react-query';
import { callLazy } from '../load-api';
import { CATALOG_STALE_MS } from '../query-client';

/** system_affiliate: the messaging-app link of the partner team (the affiliate page, /user/kol). */
export const affiliateContactQuery = () =>
  queryOptions({
    queryKey: ['affiliate-contact'],
    queryFn: () =>
      callLazy(
        import('../../../contract/endpoints/system'),
        (m) => m.systemAffiliate,
        {},
        { quiet: true },
      ),
    staleTime: CATALOG_STALE_MS,
  });
