// The router's error element: a route that throws (or a page chunk that fails to load) is logged to the
// in-app error log and answered with a page that offers a reload.
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CardFrame } from '../components/card-frame';
import { CrashNotice } from '../components/crash-notice';
import { PageTitle } from '../components/page-title';
import { StandalonePage } from '../components/standalone-page';
import { logError } from '../lib/error-log';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) logError(error, 'boundary');
  }, [error]);
  return (
    <StandalonePage>
      <CardFrame className="status-card">
        <CrashNotice
          title={<PageTitle>{t('errors.pageCrashed')}</PageTitle>}
          description={t('errors.pageCrashedDesc')}
          action={
            <Button type="primary" onClick={() => window.location.reload()}>
              {t('status.reload')}
            </Button>
          }
        />
      </CardFrame>
    </StandalonePage>
  );
}
