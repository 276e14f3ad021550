import { QueryClient } from '@tanstack/react-query';

/** SPEC §9: no refetch on window focus, no retry; each query sets its own stale time. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export const USER_INFO_STALE_MS = 2_000;
export const CATALOG_STALE_MS = 3 * 60_000;
export const PREFETCH_DELAY_MS = 1_500;
