// /login: the template's operator sign-in. Business users enter from the portal instead.
import { LockOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { StandalonePage } from '../../../components/standalone-page';
import { ApiError } from '../../../lib/api-client';
import { publicConfigQueryOptions } from '../../../lib/session';
import { LoginCheckError, useOperatorLogin, type OperatorCredentials } from '../api/operator-login';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useOperatorLogin();
  const config = useQuery(publicConfigQueryOptions());
  const [error, setError] = useState<string | null>(null);

  const onFinish = (values: OperatorCredentials) => {
    setError(null);
    login.mutate(values, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (err) => {
        if (err instanceof LoginCheckError || err instanceof ApiError) setError(err.message);
        else setError(t('errors.unknown'));
      },
    });
  };

  if (config.isPending) {
    return (
      <StandalonePage>
        <Spin />
      </StandalonePage>
    );
  }
  // With portal tickets on, the server refuses the template login (unless TEMPLATE_LOGIN=1): say so instead of a form.
  // Should the config call fail, the form shows and the server's own answer explains.
  if (config.data?.templateLoginEnabled === false) {
    return (
      <StandalonePage>
        <Card className="status-card" variant="borderless">
          <Result
            icon={<StopOutlined />}
            title={<PageTitle>{t('login.disabledTitle')}</PageTitle>}
            subTitle={t('login.disabledDescription')}
            extra={<Link to="/logon">{t('login.portalEntry')}</Link>}
          />
        </Card>
      </StandalonePage>
    );
  }

  return (
    <StandalonePage>
      <Card className="login-card" variant="borderless">
        <PageTitle className="login-card__title">{t('login.title')}</PageTitle>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} className="login-card__error" role="alert" />}
        <Form<OperatorCredentials> layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
          <Form.Item
            label={t('login.username')}
            name="username"
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
        <div className="login-card__footer">
          <Link to="/logon">{t('login.portalEntry')}</Link>
        </div>
      </Card>
    </StandalonePage>
  );
}
