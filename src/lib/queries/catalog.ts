import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { lazyQuery, loadApi } from '../load-api';
import { CATALOG_STALE_MS } from '../query-client';

const systemEndpoints = () => import('../../../contract/endpoints/system');

/** The catalogue is read in the background (a prefetch): a refusal never toasts. */
const QUIET = { quiet: true };

export const displayConfigQuery = () =>
  queryOptions({
    ...lazyQuery(['display-config'], systemEndpoints, (m) => m.systemDisplayConfig, {}, QUIET),
    staleTime: CATALOG_STALE_MS,
  });

export const clientConfigQuery = () =>
  queryOptions({
    ...lazyQuery(['client-config'], systemEndpoints, (m) => m.systemClientConfig, {}, QUIET),
    staleTime: CATALOG_STALE_MS,
  });

/**
 * The goods list, fetched with the skip-error flag: until the shop exists server-side it answers an
 * error code, and a background prefetch must never toast.
 */
export const goodsQuery = () =>
  queryOptions({
    queryKey: ['goods'],
    queryFn: async () => {
      const [{ callApiRaw }, { paymentShop }] = await Promise.all([
        loadApi(),
        import('../../../contract/endpoints/payment'),
      ]);
      const envelope = await callApiRaw(paymentShop, {});
      const parsed = paymentShop.data.safeParse(envelope.data);
      // The whole answer (methods, crypto switch, conversion rate) serves /pricing too.
      const shop = parsed.success ? parsed.data : null;
      return { code: envelope.code, shop, goods: shop?.goods ?? [] };
    },
    staleTime: CATALOG_STALE_MS,
  });

/** SPEC §9: the pages that prefetch the goods list and configs 1.5 s after they load. */
export const PREFETCH_PATHS = [
  '/',
  '/pricing',
  '/group-buying',
  '/download',
  '/affiliate',
  '/login',
  '/register',
  '/resetpassword',
] as const;

export function shouldPrefetchCatalog(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PREFETCH_PATHS as readonly string[]).includes(path);
}

export function prefetchCatalog(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(goodsQuery());
  void queryClient.prefetchQuery(clientConfigQuery());
  void queryClient.prefetchQuery(displayConfigQuery());
}
