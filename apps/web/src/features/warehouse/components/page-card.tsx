// The card of every warehouse list page: its title with a subtitle under it, and the page's own buttons at the right.
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import './warehouse.css';

export function WarehousePageCard({
  title,
  subtitle,
  extra,
  children,
}: {
  title: string;
  subtitle: string;
  extra: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      variant="borderless"
      className="page-card warehouse-page"
      title={
        <Flex vertical className="warehouse-page__title">
          <PageTitle>{title}</PageTitle>
          <Typography.Text type="secondary" className="warehouse-page__subtitle">
            {subtitle}
          </Typography.Text>
        </Flex>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}
