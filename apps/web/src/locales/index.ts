// The three UI languages (spec section 9): zh is the default and the fallback, so it is always in the page;
// the others load when a user picks them (or starts with one stored), so the first load carries one language.
import type { Language } from '@tfb/contract';
import { zh, type Messages } from './zh';

export type { Messages } from './zh';

export const DEFAULT_MESSAGES = zh;

export const loadMessages: Record<Language, () => Promise<Messages>> = {
  zh: () => Promise.resolve(zh),
  en: () => import('./en').then((m) => m.en),
  es: () => import('./es').then((m) => m.es),
};
