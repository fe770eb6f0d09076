// The in-app error log (spec section 8: unhandled UI errors are pushed to it). A small external store
// the header's error-log drawer reads.
import { useSyncExternalStore } from 'react';

export type ErrorSource = 'boundary' | 'error' | 'unhandledrejection';

export type ErrorLogEntry = {
  id: number;
  time: number;
  source: ErrorSource;
  message: string;
  stack: string;
  url: string;
};

const MAX_ENTRIES = 100;
let entries: readonly ErrorLogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const emit = () => {
  for (const l of listeners) l();
};

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

export function logError(error: unknown, source: ErrorSource, extraStack = ''): void {
  const { message, stack } = describe(error);
  const entry: ErrorLogEntry = {
    id: nextId++,
    time: Date.now(),
    source,
    message,
    stack: [stack, extraStack].filter(Boolean).join('\n'),
    url: typeof window === 'undefined' ? '' : window.location.pathname + window.location.search,
  };
  entries = [entry, ...entries].slice(0, MAX_ENTRIES);
  emit();
}

export function clearErrorLog(): void {
  entries = [];
  emit();
}

export function getErrorLog(): readonly ErrorLogEntry[] {
  return entries;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useErrorLog(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(subscribe, getErrorLog, getErrorLog);
}

/** Window-level errors and unhandled promise rejections go to the log too. Returns an uninstaller. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load failures (img, script) arrive without an error object and are not UI errors.
    if (!event.error && !event.message) return;
    logError(event.error ?? event.message, 'error');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    // A cancelled request is not an error.
    if (event.reason instanceof DOMException && event.reason.name === 'AbortError') return;
    logError(event.reason, 'unhandledrejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
