// The 403, 404 and 500 results, used inside the layout (the route guard) and as whole pages; and the crashed-page
// result (loaded by CrashNotice when a page crashes).
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CrashNoticeProps } from './crash-notice';
import { PageTitle } from './page-title';

/** A status result: its code and title as the screen's heading, a description, home (and, where useful, back). */
function StatusResult({
  status,
  title,
  description,
  withBack,
}: {
  status: '403' | '404' | '500';
  title: ReactNode;
  description: string;
  withBack: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = (
    <Button key="home" type="primary" onClick={() => navigate('/')}>
      {t('status.backHome')}
    </Button>
  );
  const back = (
    <Button key="back" onClick={() => navigate(-1)}>
      {t('status.back')}
    </Button>
  );
  return <Result status={status} title={<PageTitle>{title}</PageTitle>} subTitle={description} extra={withBack ? [home, back] : home} />;
}

export function ForbiddenResult() {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="403"
      title={<span data-testid="forbidden-title">403 · {t('status.forbiddenTitle')}</span>}
      description={t('status.forbiddenDesc')}
      withBack={false}
    />
  );
}

export function NotFoundResult() {
  const { t } = useTranslation();
  return <StatusResult status="404" title={`404 · ${t('status.notFoundTitle')}`} description={t('status.notFoundDesc')} withBack />;
}

export function ServerErrorResult() {
  const { t } = useTranslation();
  return <StatusResult status="500" title={`500 · ${t('status.serverErrorTitle')}`} description={t('status.serverErrorDesc')} withBack />;
}

export function CrashedResult({ title, description, action }: CrashNoticeProps) {
  return <Result status="error" title={title} subTitle={description} extra={action} />;
}
