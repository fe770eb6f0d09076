// The language switch of the header: zh, en, es. Everything re-renders in the new language at once.
import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@tfb/contract';
import { changeLanguage, currentLanguage, isLanguage } from '../lib/i18n';

export function LanguageSwitcher({ variant = 'dark' }: { variant?: 'dark' | 'light' }) {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`language.${l}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        className={variant === 'dark' ? 'header-action' : undefined}
        icon={<TranslationOutlined />}
        // Named by what it is and what it shows ("语言：简体中文"): the name holds the visible text, as speech input needs.
        aria-label={t('language.current', { name: t(`language.${lang}`) })}
      >
        {t(`language.${lang}`)}
      </Button>
    </Dropdown>
  );
}
