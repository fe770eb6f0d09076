// /logon: this system has no sign-in of its own; it says to enter from the portal and links to it.
import { LoginOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { StandalonePage } from '../../../components/standalone-page';
import { publicConfigQueryOptions } from '../../../lib/session';

/** The portal address is useful only when it points somewhere else than this page. */
function isExternalPortal(url: string): boolean {
  try {
    const target = new URL(url, window.location.origin);
    return !(target.origin === window.location.origin && target.pathname === '/logon');
  } catch {
    return false;
  }
}

export function LogonPage() {
  const { t } = useTranslation();
  const config = useQuery(publicConfigQueryOptions());
  const portalUrl = config.data?.portalUrl ?? '';
  const hasPortal = portalUrl !== '' && isExternalPortal(portalUrl);

  return (
    <StandalonePage>
      <Card className="status-card" variant="borderless">
        <Result
          icon={<LoginOutlined className="logon-icon" />}
          title={<PageTitle>{t('logon.title')}</PageTitle>}
          subTitle={t('logon.description')}
          extra={
            config.isPending ? (
              <Spin />
            ) : (
              <>
                {hasPortal ? (
                  <>
                    <Button type="primary" size="large" href={portalUrl}>
                      {t('logon.goPortal')}
                    </Button>
                    <Typography.Paragraph type="secondary" className="logon-address">
                      {t('logon.portalAddress', { url: portalUrl })}
                    </Typography.Paragraph>
                  </>
                ) : (
                  <Typography.Paragraph type="secondary">{t('logon.noPortal')}</Typography.Paragraph>
                )}
                <Link to="/login">{t('logon.operatorLogin')}</Link>
              </>
            )
          }
        />
      </Card>
    </StandalonePage>
  );
}
