// The page of a screen later work builds: it names the capability in the current language. No data.
import { RocketOutlined } from '@ant-design/icons';
import { Button, Card, Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from './page-title';

export function ComingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <Card variant="borderless" className="page-card coming-page">
      <Result
        icon={<RocketOutlined style={{ color: token.colorPrimary }} />}
        title={<PageTitle>{t('coming.title', { name: t(titleKey) })}</PageTitle>}
        subTitle={t('coming.description')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('coming.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
