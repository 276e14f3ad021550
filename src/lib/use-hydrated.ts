import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a prerendered page is being hydrated (and on the server), true afterwards. What the
 * server cannot know (the visitor's session) renders as the server rendered it until then, so the
 * markup matches; React re-renders with the real value right after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
