// A statistics page (business, funds, warehouse): a filter bar (the period, and the enterprise for users whose scope
// holds several), the KPI figures with their change from the previous period, and the charts in a responsive grid.
// Clicking a segment opens the list of its records, filtered (the chart's drill URL); each chart exports to Excel.
import { DownloadOutlined, InfoCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, DatePicker, Flex, Row, Select, Skeleton, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChartData, StatisticsPage as StatisticsPageName, StatisticsResult } from '@tfb/contract';
import { ChartCard, KpiCard, chartNames } from '../../../components/charts';
import { formatDateTime } from '../../../components/business/format';
import { PageTitle } from '../../../components/page-title';
import { useCanVisit } from '../../../lib/route-access';
import { useExportChart } from '../api/export-chart';
import { useStatistics, type StatisticsFilter } from '../api/get-statistics';
import { layoutRows } from './statistics-layout';
import './statistics.css';

const DAY = 'YYYY-MM-DD';
type Period = [Dayjs, Dayjs];

/** The default period: the twelve calendar months up to today (this month so far included). */
export const defaultPeriod = (today: Dayjs = dayjs()): Period => [today.subtract(11, 'month').startOf('month'), today];

/** The dimension a chart's categories are, for its export's first column (when the kind alone does not say). */
const CATEGORY_DIMENSION: Record<string, string> = {
  contractsByType: 'contractType',
  topCounterparties: 'counterparty',
  loansByStatus: 'status',
  stockByWarehouse: 'warehouse',
  stockByCategory: 'goodsCategory',
  stockByProvince: 'province',
  noticesWaiting: 'warehouse',
  approvalDurations: 'businessType',
};

function ExportButton({ onExport, busy, label, compact }: { onExport: () => void; busy: boolean; label: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={<DownloadOutlined />} loading={busy} aria-label={label} onClick={onExport}>
        {compact ? null : t('statistics.export')}
      </Button>
    </Tooltip>
  );
}

function LoadingGrid() {
  return (
    <Flex vertical gap={16} aria-busy="true">
      <Row gutter={[16, 16]}>
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} sm={12} xl={8}>
            <Card variant="borderless" size="small">
              <Skeleton active paragraph={{ rows: 1 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        {[0, 1].map((i) => (
          <Col key={i} xs={24} xl={12}>
            <Card variant="borderless" size="small">
              <Skeleton active paragraph={{ rows: 7 }} />
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

export function StatisticsPage({ page }: { page: StatisticsPageName }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canVisit = useCanVisit();
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const [enterpriseId, setEnterpriseId] = useState<string | undefined>();
  const filter: StatisticsFilter = { from: period[0].format(DAY), to: period[1].format(DAY), ...(enterpriseId ? { enterpriseId } : {}) };
  const query = useStatistics(page, filter);
  const exporter = useExportChart();
  const [exporting, setExporting] = useState<string | null>(null);
  const names = chartNames(t);
  const data: StatisticsResult | undefined = query.data;

  const title = (c: ChartData) => t(`statistics.chart.${c.id}`, { defaultValue: c.id });
  const categoryTitle = (c: ChartData) => {
    const dimension = CATEGORY_DIMENSION[c.id] ?? (c.categoryKind === 'month' || c.categoryKind === 'province' ? c.categoryKind : null);
    // A KPI's workbook has a row per period (this one and the one before).
    if (c.kind === 'kpi') return t('statistics.period');
    if (dimension) return t(`charts.dimension.${dimension}`);
    return c.kind === 'gauge' ? t('charts.table.measure') : t('charts.table.category');
  };

  const exportOne = (c: ChartData) => {
    const sheet = title(c).slice(0, 31);
    setExporting(c.id);
    exporter.mutate(
      {
        page,
        chartId: c.id,
        fallbackName: title(c),
        body: {
          filter,
          titles: {
            sheet,
            category: categoryTitle(c),
            series: Object.fromEntries(c.series.map((s) => [s.key, names.series(s)])),
            categories: c.categoryKind === 'code' ? Object.fromEntries(c.categories.map((k) => [k, names.category(k, 'code')])) : {},
          },
        },
      },
      {
        onSuccess: (file) => void message.success(t('statistics.exported', { file })),
        onError: (err) => void message.error(t('statistics.exportFailed', { message: err.message })),
        onSettled: () => setExporting(null),
      },
    );
  };

  // A segment opens its list only for users who may open that list (a group user sees figures, not records).
  const drillOf = (c: ChartData) => {
    const drill = c.drill;
    if (!drill || !drill.some((to) => to !== null && canVisit(to.split('?')[0]!))) return undefined;
    return (index: number) => {
      const to = drill[index];
      if (to && canVisit(to.split('?')[0]!)) navigate(to);
    };
  };

  const kpis = data?.charts.filter((c) => c.kind === 'kpi') ?? [];
  const charts = data?.charts.filter((c) => c.kind !== 'kpi') ?? [];
  const kpiSpan = Math.max(6, Math.floor(24 / Math.max(1, kpis.length)));

  const header = (
    <Card variant="borderless" className="stats-header">
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div className="stats-header__text">
          <Flex align="center" gap={8} wrap>
            <PageTitle className="stats-header__title">{t(`statistics.${page}.title`)}</PageTitle>
            {data ? <Tag color="blue">{t(`statistics.scope.${data.scope}`)}</Tag> : null}
          </Flex>
          <Typography.Text type="secondary">{t(`statistics.${page}.subtitle`)}</Typography.Text>
        </div>
        <Flex gap={12} align="center" wrap className="stats-filters" role="search">
          <label className="stats-filters__item">
            <span className="stats-filters__label">{t('statistics.period')}</span>
            <DatePicker.RangePicker
              value={period}
              allowClear={false}
              format={DAY}
              aria-label={t('statistics.period')}
              presets={[
                { label: t('statistics.preset.months', { count: 3 }), value: [dayjs().subtract(2, 'month').startOf('month'), dayjs()] },
                { label: t('statistics.preset.months', { count: 6 }), value: [dayjs().subtract(5, 'month').startOf('month'), dayjs()] },
                { label: t('statistics.preset.months', { count: 12 }), value: defaultPeriod() },
                { label: t('statistics.preset.thisYear'), value: [dayjs().startOf('year'), dayjs()] },
              ]}
              onChange={(v) => {
                if (v?.[0] && v[1]) setPeriod([v[0], v[1]]);
              }}
            />
          </label>
          {data && data.enterprises.length > 1 ? (
            <label className="stats-filters__item">
              <span className="stats-filters__label">{t('statistics.enterprise')}</span>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                className="stats-filters__enterprise"
                aria-label={t('statistics.enterprise')}
                placeholder={t('statistics.allEnterprises')}
                value={enterpriseId}
                onChange={(v?: string) => setEnterpriseId(v)}
                options={data.enterprises.map((e) => ({ value: e.id, label: e.name }))}
              />
            </label>
          ) : null}
          <Tooltip title={t('statistics.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('statistics.refresh')}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            />
          </Tooltip>
        </Flex>
      </Flex>
      {data ? (
        <Flex gap={16} className="stats-header__meta" wrap>
          <Typography.Text type="secondary">{t('statistics.computedAt', { time: formatDateTime(data.computedAt) })}</Typography.Text>
          <Typography.Text type="secondary">
            <InfoCircleOutlined /> {t('statistics.drillHint')}
          </Typography.Text>
        </Flex>
      ) : null}
    </Card>
  );

  return (
    <Flex vertical gap={16} className="stats-page">
      {header}
      {query.error && !data ? (
        <Alert
          type="error"
          showIcon
          title={t('statistics.loadFailed')}
          description={query.error.message}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('statistics.retry')}
            </Button>
          }
        />
      ) : null}
      {!data && !query.error ? <LoadingGrid /> : null}
      {data ? (
        <>
          {kpis.length ? (
            <Row gutter={[16, 16]}>
              {kpis.map((c) => (
                <Col key={c.id} xs={24} sm={12} xl={kpiSpan}>
                  <KpiCard
                    data={c}
                    title={title(c)}
                    extra={
                      <ExportButton
                        compact
                        busy={exporting === c.id}
                        label={t('statistics.exportOf', { title: title(c) })}
                        onExport={() => exportOne(c)}
                      />
                    }
                  />
                </Col>
              ))}
            </Row>
          ) : null}
          {layoutRows(charts).map((row) => (
            <Row key={row.map((p) => p.chart.id).join()} gutter={[16, 16]}>
              {row.map(({ chart, span }) => (
                <Col key={chart.id} xs={24} xl={span}>
                  <ChartCard
                    title={title(chart)}
                    data={chart}
                    height={300}
                    onSegmentClick={drillOf(chart)}
                    categoryTitle={categoryTitle(chart)}
                    opens={(i) => Boolean(chart.drill?.[i]) && canVisit(chart.drill![i]!.split('?')[0]!)}
                    extra={
                      <ExportButton
                        busy={exporting === chart.id}
                        label={t('statistics.exportOf', { title: title(chart) })}
                        onExport={() => exportOne(chart)}
                      />
                    }
                  />
                </Col>
              ))}
            </Row>
          ))}
        </>
      ) : null}
    </Flex>
  );
}

export const BusinessStatisticsPage = () => <StatisticsPage page="business" />;
export const FundsStatisticsPage = () => <StatisticsPage page="funds" />;
export const WarehouseStatisticsPage = () => <StatisticsPage page="warehouse" />;
