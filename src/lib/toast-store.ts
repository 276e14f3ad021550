/** A tiny store behind the toaster, so that non-React code (the API client) can show a toast. */
export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  text: string;
}

const DURATION_MS = 4000;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(text: string, tone: ToastTone = 'error'): void {
  // The same message twice in a row (two failing calls) is shown once.
  if (toasts.some((toast) => toast.text === text)) return;
  const toast = { id: nextId++, tone, text };
  toasts = [...toasts.slice(-2), toast];
  emit();
  setTimeout(() => dismissToast(toast.id), DURATION_MS);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
