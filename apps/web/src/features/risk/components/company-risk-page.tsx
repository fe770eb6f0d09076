// The risk view (/risk/companies): the enterprise's company risk warnings by type — the 13 types with their
// counts on the left, the records of the chosen type in that type's table on the right; a record opens the
// company risk-warning dialog of its warning (warnDate + warnRule + company).
import { AlertOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Col, Empty, Input, Row, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_PATHS, type CompanyRiskRecord, type RiskType } from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { FIRST_PAGE, tablePagination, type PageState } from '../../../components/widgets/paging';
import { warningDetailProps, type WarningRef } from '../../../components/warning-detail';
import { tableLoading } from '../../../components/widgets/table-loading';
import { useCompanyRisks, useRiskSummary } from '../api/get-company-risks';
import { CompanyRiskDialog } from './company-risk-dialog';
import { RiskTypeTag, riskTypeTitle, typeColumns } from './risk-columns';
import { ExportButton } from '../../../components/business/export-button';
import { IconCard } from '../../../components/business/icon-card';
import './risk.css';

function TypeMenu({ selected, onSelect }: { selected: RiskType | undefined; onSelect: (type: RiskType | undefined) => void }) {
  const { t } = useTranslation();
  const summary = useRiskSummary();
  const total = summary.data?.reduce((n, s) => n + s.count, 0) ?? 0;
  const item = (key: RiskType | undefined, label: string, count: number) => (
    <li key={key ?? 'all'}>
      <button
        type="button"
        className={`list-button risk-type${selected === key ? ' risk-type--active' : ''}`}
        aria-pressed={selected === key}
        onClick={() => onSelect(key)}
      >
        <span className="risk-type__label">{label}</span>
        <Badge count={count} showZero overflowCount={999} color={count > 0 ? (selected === key ? '#1668dc' : '#fa541c') : '#d9d9d9'} />
      </button>
    </li>
  );
  return (
    <IconCard
      className="page-card risk-types"
      icon={<AlertOutlined className="risk-types__icon" />}
      title={t('supervision.risk.types.title')}
    >
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <ul className="plain-list" aria-label={t('supervision.risk.types.title')}>
          {item(undefined, t('supervision.risk.allTypes'), total)}
          {(summary.data ?? []).map((s) => item(s.riskType as RiskType, riskTypeTitle(t, s.riskType), s.count))}
        </ul>
      )}
    </IconCard>
  );
}

export function CompanyRiskPage() {
  const { t } = useTranslation();
  const [riskType, setRiskType] = useState<RiskType | undefined>(undefined);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [blurry, setBlurry] = useState<string | undefined>(undefined);
  const [opened, setOpened] = useState<WarningRef | null>(null);
  const records = useCompanyRisks({ ...paging, riskType, blurry });

  const select = (type: RiskType | undefined) => {
    setRiskType(type);
    setPaging((p) => ({ ...p, pageNumber: 0 }));
  };

  const columns: TableColumnsType<CompanyRiskRecord> = [
    { key: 'companyName', title: t('supervision.risk.companyName'), dataIndex: 'companyName', width: 200, fixed: 'left' },
    ...(riskType === undefined
      ? [
          {
            key: 'type',
            title: t('supervision.risk.type'),
            width: 140,
            render: (_: unknown, r: CompanyRiskRecord) => <RiskTypeTag t={t} type={r.riskType} />,
          },
        ]
      : []),
    ...(riskType === undefined ? [{ key: 'warnRule', title: t('supervision.risk.warnRule'), dataIndex: 'warnRule', width: 200 }] : []),
    { key: 'warnDate', title: t('supervision.risk.warnDate'), dataIndex: 'warnDate', width: 110 },
    // The type's leading columns; the dialog shows every column of the warning's records.
    ...(riskType !== undefined ? typeColumns(t, riskType).slice(0, 3) : []),
    {
      key: 'actions',
      title: t('supervision.common.actions'),
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setOpened({ warnDate: r.warnDate, warnRule: r.warnRule, companyName: r.companyName })}
        >
          {t('supervision.risk.view')}
        </Button>
      ),
    },
  ];

  return (
    <Row gutter={[16, 16]} className="risk-page">
      {/* The screen's name: its two cards name only their parts (the types, the list of one type). */}
      <PageTitle visuallyHidden>{t('route.risk.companies')}</PageTitle>
      <Col xs={24} lg={5} xxl={4}>
        <TypeMenu selected={riskType} onSelect={select} />
      </Col>
      <Col xs={24} lg={19} xxl={20}>
        <Card
          variant="borderless"
          className="page-card"
          title={riskType === undefined ? t('supervision.risk.allTypes') : riskTypeTitle(t, riskType)}
          extra={
            <Space wrap>
              <ExportButton
                list={RISK_PATHS.page}
                filter={{ riskType, blurry }}
                sheet={riskType === undefined ? t('route.risk.companies') : riskTypeTitle(t, riskType)}
              />
              <Input.Search
                allowClear
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onSearch={(v) => {
                  setBlurry(v.trim() || undefined);
                  setPaging((p) => ({ ...p, pageNumber: 0 }));
                }}
                placeholder={t('supervision.risk.searchPlaceholder')}
                enterButton={<SearchOutlined />}
                className="risk-page__search"
                maxLength={100}
              />
            </Space>
          }
        >
          {records.isError && !records.data ? (
            <Empty description={t('supervision.common.loadFailed')} />
          ) : (
            <Table<CompanyRiskRecord>
              rowKey="id"
              columns={columns}
              dataSource={records.data?.content ?? []}
              {...tableLoading(records.isFetching, records.data?.content.length ?? 0)}
              scroll={{ x: 860 }}
              pagination={tablePagination(t, paging, records.data, setPaging, 'supervision.common.totalItems')}
            />
          )}
          <Typography.Paragraph type="secondary" className="risk-page__hint">
            {t('supervision.risk.hint')}
          </Typography.Paragraph>
        </Card>
      </Col>
      <CompanyRiskDialog {...warningDetailProps(opened, () => setOpened(null))} />
    </Row>
  );
}
