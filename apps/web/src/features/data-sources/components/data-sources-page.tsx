// /portalWebsites/oneGraphDataSource: every data source (built-in and uploaded) with its columns, row count, last
// refresh and preview; uploading a file as a new source; and the one-graph China map of a source by province.
import { CloudUploadOutlined, DatabaseOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, List, Row, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/use-can';
import { datasetsQueryOptions } from '../api/datasets';
import { OneGraph } from './one-graph';
import { SourceDetail } from './source-detail';
import { useDatasetNames } from '../../../components/charts/names';
import { UploadWizard } from './upload-wizard';
import './data-sources.css';

export function DataSourcesPage() {
  const { t } = useTranslation();
  const names = useDatasetNames();
  const canWrite = useCan('portalWebsites:write');
  const list = useQuery(datasetsQueryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  if (list.isPending) return <Skeleton active />;
  if (list.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('dataSources.loadFailed')}
        action={<Button onClick={() => void list.refetch()}>{t('dataSources.retry')}</Button>}
      />
    );
  const sources = list.data;
  const current = sources.find((d) => d.id === selected) ?? sources.find((d) => d.kind === 'uploaded') ?? sources[0];

  const sourcesTab = (
    <Row gutter={16}>
      <Col xs={24} lg={8} xl={7}>
        <Card size="small" className="data-sources__list">
          <List
            dataSource={sources}
            renderItem={(d) => (
              <List.Item className={d.id === current?.id ? 'data-sources__item data-sources__item--active' : 'data-sources__item'}>
                <button
                  type="button"
                  className="data-sources__item-button"
                  aria-pressed={d.id === current?.id}
                  onClick={() => setSelected(d.id)}
                >
                  {d.kind === 'uploaded' ? <FileExcelOutlined /> : <DatabaseOutlined />}
                  <span className="data-sources__item-name">{names.dataset(d)}</span>
                  <Tag color={d.kind === 'uploaded' ? 'green' : 'default'}>{t(`dataSources.kind.${d.kind}`)}</Tag>
                  <Typography.Text type="secondary" className="data-sources__item-rows">
                    {t('dataSources.rowCount', { count: d.rowCount })}
                  </Typography.Text>
                </button>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        {current ? <SourceDetail summary={current} onDeleted={() => setSelected(null)} /> : <Empty description={t('dataSources.select')} />}
      </Col>
    </Row>
  );

  return (
    <Space direction="vertical" size="middle" className="data-sources">
      <div className="data-sources__header">
        <Typography.Text type="secondary">{t('dataSources.intro')}</Typography.Text>
        {canWrite ? (
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
            {t('dataSources.upload')}
          </Button>
        ) : null}
      </div>
      <Tabs
        items={[
          { key: 'sources', label: t('dataSources.tabs.sources'), children: sourcesTab },
          { key: 'oneGraph', label: t('dataSources.tabs.oneGraph'), children: <OneGraph sources={sources} /> },
        ]}
      />
      <UploadWizard open={uploading} onClose={() => setUploading(false)} onSaved={(d) => setSelected(d.id)} />
    </Space>
  );
}
