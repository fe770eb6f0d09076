// App-wide providers: TanStack Query, i18next, and antd with its locale, medium size and theme —
// antd's locale follows the language, so a switch re-renders every antd text in step.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Language } from '@tfb/contract';
import { CSP_NONCE } from '../lib/csp-nonce';
import { bindMessageApi } from '../lib/feedback';
import { antdLocale, i18n, isLanguage } from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { ERROR_COLOR, HEADER_BG, PRIMARY_COLOR, TAG_STATUS_TEXT, TAG_TEXT_COLORS, TEXT_PLACEHOLDER, TEXT_TERTIARY } from '../lib/theme';

/** antd's `<style>` elements (the theme's CSS variables, its icons' style) carry the page's nonce, as the CSP requires. */
const ANTD_CSP = { nonce: CSP_NONCE };

export const APP_THEME: ThemeConfig = {
  // Zero-runtime styles: the components' CSS is antd's prebuilt stylesheet (antd/dist/antd.css, linked by main.tsx),
  // so rendering a page generates no CSS. At run time antd only writes the theme's values as CSS variables (one small
  // `<style>` per component kind, with the page's nonce), which is how this theme's colours reach that stylesheet.
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    colorError: ERROR_COLOR,
    // Secondary text (descriptions, captions, table meta, breadcrumbs) and placeholders meet WCAG AA contrast.
    colorTextTertiary: TEXT_TERTIARY,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    borderRadius: 6,
    colorBgLayout: '#f0f2f5',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: HEADER_BG, headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f0f2f5' },
    Menu: { darkItemBg: HEADER_BG, darkPopupBg: HEADER_BG, itemPaddingInline: 14, activeBarBorderWidth: 0 },
    // A table's empty text is text, not a disabled control: it takes the secondary text colour.
    Table: { colorTextDisabled: TEXT_TERTIARY },
    Tag: { ...TAG_TEXT_COLORS, ...TAG_STATUS_TEXT },
  },
};

/** Gives code outside React (the secondary API client) antd's context-aware toasts. */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(null);
  }, [message]);
  return null;
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang: Language = isLanguage(instance.language) ? instance.language : 'zh';
  return (
    <ConfigProvider locale={antdLocale(lang)} componentSize="medium" theme={APP_THEME} csp={ANTD_CSP}>
      <AntApp className="app-root">
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
