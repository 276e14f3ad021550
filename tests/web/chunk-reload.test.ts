import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_FLAG,
  onChunkFailure,
  onChunkLoaded,
  type FlagStore,
} from '../../src/lib/chunk-reload';

function memoryStore(): FlagStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => (value === null ? data.delete(key) : data.set(key, value)),
  };
}

describe('the chunk-reload guard', () => {
  it('reloads on the first failure and shows the error on the second', () => {
    const store = memoryStore();
    expect(onChunkFailure(store, 'faq')).toBe('reload');
    expect(store.data.get(CHUNK_RELOAD_FLAG)).toBe('faq');
    // The reloaded page fails again: no second reload.
    expect(onChunkFailure(store, 'faq')).toBe('fail');
    expect(onChunkFailure(store, 'faq')).toBe('fail');
  });

  it('clears the flag once the failing chunk loads, re-arming the single reload', () => {
    const store = memoryStore();
    onChunkFailure(store, 'faq');
    onChunkLoaded(store, 'faq');
    expect(store.data.has(CHUNK_RELOAD_FLAG)).toBe(false);
    expect(onChunkFailure(store, 'faq')).toBe('reload');
  });

  it('is not cleared by another page loading fine, which would allow a reload loop', () => {
    const store = memoryStore();
    onChunkFailure(store, 'faq');
    onChunkLoaded(store, 'home');
    expect(onChunkFailure(store, 'faq')).toBe('fail');
  });

  it('uses sessionStorage-shaped storage: the flag survives the reload, not the tab', () => {
    const store: FlagStore = {
      get: (key) => sessionStorage.getItem(key),
      set: (key, value) =>
        value === null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, value),
    };
    expect(onChunkFailure(store, 'login')).toBe('reload');
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe('login');
    sessionStorage.clear();
  });
});
