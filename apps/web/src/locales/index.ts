// The three UI languages (spec section 9). zh is the default and the fallback: the shell's words (zh.ts) are in the
// page from the start and the pages' (zh-pages.ts) load with the first page the router opens; en and es load whole
// when a user picks them (or starts with one stored), so the first load carries the shell's words of one language.
import type { Language } from '@tfb/contract';
import { zh, type Messages } from './zh';

export type { Messages } from './zh';

export const DEFAULT_MESSAGES = zh;

export const loadPageMessages = () => import('./zh-pages').then((m) => m.zhPages);

export const loadMessages: Record<Exclude<Language, 'zh'>, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  es: () => import('./es').then((m) => m.es),
};
