// The 403, 404 and 500 results, used inside the layout (the route guard) and as whole pages.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from './page-title';

export function ForbiddenResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={
        <PageTitle>
          <span data-testid="forbidden-title">403 · {t('status.forbiddenTitle')}</span>
        </PageTitle>
      }
      subTitle={t('status.forbiddenDesc')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('status.backHome')}
        </Button>
      }
    />
  );
}

export function NotFoundResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<PageTitle>404 · {t('status.notFoundTitle')}</PageTitle>}
      subTitle={t('status.notFoundDesc')}
      extra={[
        <Button key="home" type="primary" onClick={() => navigate('/')}>
          {t('status.backHome')}
        </Button>,
        <Button key="back" onClick={() => navigate(-1)}>
          {t('status.back')}
        </Button>,
      ]}
    />
  );
}

export function ServerErrorResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="500"
      title={<PageTitle>500 · {t('status.serverErrorTitle')}</PageTitle>}
      subTitle={t('status.serverErrorDesc')}
      extra={[
        <Button key="home" type="primary" onClick={() => navigate('/')}>
          {t('status.backHome')}
        </Button>,
        <Button key="back" onClick={() => navigate(-1)}>
          {t('status.back')}
        </Button>,
      ]}
    />
  );
}
