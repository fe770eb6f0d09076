// The frame of a create, edit or detail screen: a card whose title carries a back button and the status,
// a body of sections, and a footer bar with the actions. RecordLoader shows the loading, missing and
// failed states of the record such a screen opens (?id=).
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { PageTitle } from '../page-title';
import './business.css';
import { LazyResult } from '../lazy-result';

export type PageShellProps = {
  title: ReactNode;
  /** Shown right of the title (the status tag). */
  tags?: ReactNode;
  /** Where the back button goes (default: one step back in history). */
  backTo?: string;
  /** Buttons at the top right. */
  extra?: ReactNode;
  /** The footer action bar (save, submit, cancel). */
  footer?: ReactNode;
  children: ReactNode;
};

export function PageShell({ title, tags, backTo, extra, footer, children }: PageShellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      variant="borderless"
      className="page-card biz-page biz-form-page"
      title={
        <Flex align="center" gap={8} className="biz-page__title">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('biz.common.back')}
            title={t('biz.common.back')}
            onClick={() => (backTo ? navigate(backTo) : navigate(-1))}
          />
          <PageTitle>{title}</PageTitle>
          {tags}
        </Flex>
      }
      extra={extra}
    >
      <div className="biz-form-page__body">{children}</div>
      {footer ? <div className="biz-form-page__footer">{footer}</div> : null}
    </Card>
  );
}

/** The card of a list screen: its title with a subtitle under it, and the screen's own buttons at the right. */
export function ListCard({
  title,
  subtitle,
  extra,
  children,
}: {
  title: string;
  subtitle?: string;
  extra: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      variant="borderless"
      className="page-card biz-page"
      title={
        <Flex vertical className="biz-page__title">
          <PageTitle>{title}</PageTitle>
          {subtitle ? (
            <Typography.Text type="secondary" className="biz-page__subtitle">
              {subtitle}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

/** A titled block of a form or detail screen. */
export function Section({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  // Named by its title, the section is a region a screen reader (and a test) can find by name.
  const titleId = useId();
  return (
    <section className="biz-section" aria-labelledby={titleId}>
      <Flex justify="space-between" align="center" className="biz-section__head">
        <Typography.Title level={5} className="biz-section__title" id={titleId}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}

export type RecordLoaderProps<T> = {
  id: number | null;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch' | 'isFetching'>;
  title: ReactNode;
  backTo: string;
  children: (record: T) => ReactNode;
};

/** Renders the record once loaded; otherwise a skeleton, "not found" (or foreign) or "failed, retry". */
export function RecordLoader<T>({ id, query, title, backTo, children }: RecordLoaderProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = (
    <Button key="back" onClick={() => navigate(backTo)}>
      {t('biz.common.backToList')}
    </Button>
  );
  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <PageShell title={title} backTo={backTo}>
        <LazyResult status="404" title={t('biz.record.notFound')} subTitle={t('biz.record.notFoundHint')} extra={back} />
      </PageShell>
    );
  }
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <PageShell title={title} backTo={backTo}>
        <LazyResult
          status="error"
          title={t('biz.record.loadFailed')}
          subTitle={query.error.message}
          extra={[
            <Button key="retry" type="primary" icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('biz.common.retry')}
            </Button>,
            back,
          ]}
        />
      </PageShell>
    );
  }
  return (
    <PageShell title={title} backTo={backTo}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </PageShell>
  );
}
