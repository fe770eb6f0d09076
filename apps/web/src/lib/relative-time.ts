// Relative time of spec section 9: under 30 s "just now", then minutes under an hour, then hours
// under a day, else the date — in the current (or a given) language.
import dayjs from 'dayjs';
import { useSyncExternalStore } from 'react';
import type { Language } from '@tfb/contract';
import { currentLanguage, i18n } from './i18n';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const JUST_NOW_MS = 30 * SECOND;

export type RelativeTimeOptions = { now?: number; lang?: Language };

export function formatRelativeTime(value: string | number | Date, options: RelativeTimeOptions = {}): string {
  const at = dayjs(value);
  if (!at.isValid()) return '';
  const now = options.now ?? Date.now();
  const t = i18n.getFixedT(options.lang ?? currentLanguage());
  const elapsed = now - at.valueOf();
  // A clock slightly ahead of ours still reads as "just now"; anything further in the future is a date.
  if (elapsed < JUST_NOW_MS && elapsed > -JUST_NOW_MS) return t('relativeTime.justNow');
  if (elapsed > 0 && elapsed < HOUR) return t('relativeTime.minutesAgo', { count: Math.max(1, Math.floor(elapsed / MINUTE)) });
  if (elapsed > 0 && elapsed < DAY) return t('relativeTime.hoursAgo', { count: Math.floor(elapsed / HOUR) });
  return at.format('YYYY-MM-DD');
}

// One shared clock for every relative time on screen, ticking every 30 s so "just now" moves on.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    // React re-reads the snapshot after subscribing, so a clock that slept while unused catches up here.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, JUST_NOW_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, refreshed every 30 seconds while anything on screen uses it. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
