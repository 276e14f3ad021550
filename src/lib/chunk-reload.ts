/**
 * A lazy page module that fails to load usually means a new deployment replaced the hashed file the
 * old page still points at: one reload picks up the new build. A sessionStorage flag makes it one:
 * the second failure in the same tab shows the error screen instead of reloading forever.
 */
export const CHUNK_RELOAD_FLAG = 'kestrel:chunk-reload';

export interface FlagStore {
  get(key: string): string | null;
  set(key: string, value: string | null): void;
}

export type ChunkFailureAction = 'reload' | 'fail';

/** On a failed load: reload the first time, fail the second time (the flag is still there). */
export function onChunkFailure(store: FlagStore, chunk: string): ChunkFailureAction {
  if (store.get(CHUNK_RELOAD_FLAG) !== null) return 'fail';
  store.set(CHUNK_RELOAD_FLAG, chunk);
  return 'reload';
}

/**
 * On a successful load: clear the flag, but only if it was set for this chunk, so that a different
 * page loading fine cannot re-arm the reload of one that keeps failing.
 */
export function onChunkLoaded(store: FlagStore, chunk: string): void {
  if (store.get(CHUNK_RELOAD_FLAG) === chunk) store.set(CHUNK_RELOAD_FLAG, null);
}

/** The failure the error screen shows; its message is for the visitor, in their language. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    cause: unknown,
    message: string,
  ) {
    super(message, { cause });
  }
}
