// i18next set-up and the language switch that keeps i18next, dayjs and the <html lang> in step
// (antd's locale follows in the providers, which re-render on the language change).
import type { Locale as AntdLocale } from 'antd/es/locale';
// The ES modules of antd's locales (antd/locale/* are CommonJS and bring their own copies of the picker locales).
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@tfb/contract';
import { DEFAULT_MESSAGES, loadMessages, loadPageMessages } from '../locales';

const STORAGE_KEY = 'language';

const DAYJS_LOCALES = { zh: 'zh-cn', en: 'en', es: 'es' } as const satisfies Record<Language, string>;
const HTML_LANG = { zh: 'zh-CN', en: 'en', es: 'es' } as const satisfies Record<Language, string>;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

function storedLanguage(): Language {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applySideEffects(lang: Language): void {
  dayjs.locale(DAYJS_LOCALES[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

export const i18n = i18next.createInstance();

/**
 * Ant Design's locale of each language, which also brings dayjs's (its date pickers' month and day names): the
 * default's is in the page from the start, the others load with their messages.
 */
const ANTD_LOCALE_LOADERS: Record<Language, () => Promise<AntdLocale>> = {
  zh: () => Promise.resolve(zhCN),
  en: () => Promise.all([import('antd/es/locale/en_US'), import('dayjs/locale/en')]).then(([m]) => m.default),
  es: () => Promise.all([import('antd/es/locale/es_ES'), import('dayjs/locale/es')]).then(([m]) => m.default),
};
const antdLocales: Partial<Record<Language, AntdLocale>> = { zh: zhCN };

/** Ant Design's locale for `lang` (the default's until that language has loaded: changeLanguage loads it first). */
export const antdLocale = (lang: Language): AntdLocale => antdLocales[lang] ?? zhCN;

/**
 * Puts a language's messages into i18next and loads its antd and dayjs locales (once each). The default's are there
 * from the start (its pages' messages load with the first page: ensurePageMessages).
 */
async function ensureMessages(lang: Language): Promise<void> {
  if (lang === 'zh' || (i18n.hasResourceBundle(lang, 'translation') && antdLocales[lang])) return;
  const [messages, locale] = await Promise.all([loadMessages[lang](), ANTD_LOCALE_LOADERS[lang]()]);
  if (!i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', messages);
  antdLocales[lang] = locale;
}

let pageMessages: Promise<void> | undefined;

/**
 * The default language's page messages (zh-pages.ts), merged into its bundle once: the router awaits this before it
 * renders any page, so a page never shows a message key. A load that fails is tried again by the next page opened.
 */
export function ensurePageMessages(): Promise<void> {
  pageMessages ??= loadPageMessages().then(
    (pages) => {
      i18n.addResourceBundle('zh', 'translation', pages, true, false);
    },
    (error: unknown) => {
      pageMessages = undefined;
      throw error;
    },
  );
  return pageMessages;
}

const startLanguage = storedLanguage();
void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANGUAGE]: { translation: DEFAULT_MESSAGES } },
  lng: startLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
/**
 * The stored language's messages and locales: the default's are in place at once, another's once loaded. The entry
 * (main.tsx) awaits this before the first render. Not a top-level await: one in any module turns off the bundler's
 * chunk merging for the whole build (the first load had become some seventy small chunks).
 */
export const languageReady: Promise<void> = ensureMessages(startLanguage).then(() => applySideEffects(currentLanguage()));
if (startLanguage === DEFAULT_LANGUAGE) applySideEffects(DEFAULT_LANGUAGE);
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applySideEffects(lng);
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(lang: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await ensureMessages(lang);
  await i18n.changeLanguage(lang);
}
