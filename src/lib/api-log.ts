/** The last API calls, kept for the debug console (debug=666); never sent anywhere. */
export interface ApiLogEntry {
  at: number;
  path: string;
  code: number | null;
  ms: number;
  error?: string;
}

const LIMIT = 30;
let entries: readonly ApiLogEntry[] = [];
const listeners = new Set<() => void>();

export function logApiCall(entry: ApiLogEntry): void {
  // A new array each time: React's external-store hook compares snapshots by identity.
  entries = [entry, ...entries].slice(0, LIMIT);
  for (const listener of listeners) listener();
}

export function recentApiCalls(): readonly ApiLogEntry[] {
  return entries;
}

export function onApiLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
