/** Uncaught errors of the page, kept for the debug console. */
export interface ErrorLogEntry {
  at: number;
  message: string;
}

const entries: ErrorLogEntry[] = [];
let snapshot: readonly ErrorLogEntry[] = [];
const listeners = new Set<() => void>();

export function logError(message: string): void {
  entries.unshift({ at: Date.now() + entries.length / 1000, message });
  entries.length = Math.min(entries.length, 30);
  snapshot = [...entries];
  for (const listener of listeners) listener();
}

export function recentErrors(): readonly ErrorLogEntry[] {
  return snapshot;
}

export function onErrorLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Installed at start-up so that errors before the console opens are kept too. */
export function captureErrors(): void {
  window.addEventListener('error', (event) => logError(event.message));
  window.addEventListener('unhandledrejection', (event) => logError(String(event.reason)));
}
