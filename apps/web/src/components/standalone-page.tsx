// A full-window page outside the signed-in layout (404, 401, 500, sign-in, portal notice): a bar with the brand and
// the language switch, and the page itself as the main landmark (it gives its title as the PageTitle).
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';

export function StandalonePage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical className="standalone-page">
      <Flex className="standalone-page__bar" align="center" justify="space-between">
        <Flex align="center" gap={10}>
          <BrandMark />
          <strong className="standalone-page__brand">{t('app.name')}</strong>
        </Flex>
        <LanguageSwitcher variant="light" />
      </Flex>
      <Flex component="main" flex={1} align="center" justify="center" className="standalone-page__body">
        {children}
      </Flex>
    </Flex>
  );
}
