// Spec section 9: under 30 s "just now", then minutes under 1 hour, then hours under 1 day (else the date).
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { formatRelativeTime, useNow } from '../relative-time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Local time, so the date fallback reads the same in every time zone.
const NOW = new Date(2024, 4, 20, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;
const en = (ms: number) => formatRelativeTime(ago(ms), { now: NOW, lang: 'en' });

afterEach(async () => {
  vi.useRealTimers();
  await changeLanguage('zh');
});

describe('formatRelativeTime', () => {
  it('says "just now" for anything under 30 seconds', () => {
    expect(en(0)).toBe('just now');
    expect(en(29 * SECOND)).toBe('just now');
    expect(en(29_999)).toBe('just now');
  });

  it('counts minutes from 30 seconds up to an hour', () => {
    expect(en(30 * SECOND)).toBe('1 minute ago');
    expect(en(MINUTE)).toBe('1 minute ago');
    expect(en(2 * MINUTE)).toBe('2 minutes ago');
    expect(en(59 * MINUTE + 59 * SECOND)).toBe('59 minutes ago');
  });

  it('counts hours from an hour up to a day', () => {
    expect(en(HOUR)).toBe('1 hour ago');
    expect(en(2 * HOUR + 59 * MINUTE)).toBe('2 hours ago');
    expect(en(DAY - SECOND)).toBe('23 hours ago');
  });

  it('shows the date from a day on', () => {
    expect(en(DAY)).toBe('2024-05-19');
    expect(en(3 * DAY)).toBe('2024-05-17');
  });

  it('speaks each UI language', () => {
    expect(formatRelativeTime(ago(5 * SECOND), { now: NOW, lang: 'zh' })).toBe('刚刚');
    expect(formatRelativeTime(ago(5 * MINUTE), { now: NOW, lang: 'zh' })).toBe('5 分钟前');
    expect(formatRelativeTime(ago(3 * HOUR), { now: NOW, lang: 'zh' })).toBe('3 小时前');
    expect(formatRelativeTime(ago(5 * SECOND), { now: NOW, lang: 'es' })).toBe('justo ahora');
    expect(formatRelativeTime(ago(MINUTE), { now: NOW, lang: 'es' })).toBe('hace 1 minuto');
    expect(formatRelativeTime(ago(3 * HOUR), { now: NOW, lang: 'es' })).toBe('hace 3 horas');
  });

  it('follows the current language when none is given (zh by default)', async () => {
    expect(formatRelativeTime(ago(5 * MINUTE), { now: NOW })).toBe('5 分钟前');
    await changeLanguage('en');
    expect(formatRelativeTime(ago(5 * MINUTE), { now: NOW })).toBe('5 minutes ago');
  });

  it('accepts dates, ISO strings and epoch milliseconds alike', () => {
    const at = ago(10 * MINUTE);
    expect(formatRelativeTime(new Date(at), { now: NOW, lang: 'en' })).toBe('10 minutes ago');
    expect(formatRelativeTime(new Date(at).toISOString(), { now: NOW, lang: 'en' })).toBe('10 minutes ago');
    expect(formatRelativeTime(at, { now: NOW, lang: 'en' })).toBe('10 minutes ago');
  });

  it('reads a slightly fast clock as "just now", a later future time as its date, and garbage as nothing', () => {
    expect(en(-10 * SECOND)).toBe('just now');
    expect(en(-2 * DAY)).toBe('2024-05-22');
    expect(formatRelativeTime('not a date', { now: NOW, lang: 'en' })).toBe('');
  });

  it('measures against the real clock by default', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    expect(formatRelativeTime(ago(3 * HOUR), { lang: 'en' })).toBe('3 hours ago');
  });
});

describe('useNow', () => {
  it('moves on every 30 seconds, so "just now" becomes "1 minute ago" without a reload', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const { result, unmount } = renderHook(() => formatRelativeTime(NOW, { now: useNow(), lang: 'en' }));
    expect(result.current).toBe('just now');
    act(() => {
      vi.advanceTimersByTime(29 * SECOND);
    });
    expect(result.current).toBe('just now');
    act(() => {
      vi.advanceTimersByTime(SECOND);
    });
    expect(result.current).toBe('1 minute ago');
    unmount();
  });
});
