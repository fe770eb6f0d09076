// A board's filter: a period (a preset of the board's default, or dates), a warehouse, and for a scope of several
// enterprises one of them. Figures are computed again for every change.
import { DatePicker, Flex, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DashboardData, DataFilter } from '@tfb/contract';

type Props = {
  value: DataFilter;
  data: DashboardData | undefined;
  onChange: (filter: DataFilter) => void;
};

const DAY = 'YYYY-MM-DD';

export function FilterBar({ value, data, onChange }: Props) {
  const { t } = useTranslation();
  const from = value.from ?? data?.filter.from;
  const to = value.to ?? data?.filter.to;
  const range: [Dayjs, Dayjs] | null = from && to ? [dayjs(from), dayjs(to)] : null;
  const enterprises = data?.enterprises ?? [];
  return (
    <Flex wrap gap={16} align="center" className="boards-filter" role="search" aria-label={t('boards.filter.label')}>
      <Flex align="center" gap={8}>
        <Typography.Text type="secondary">{t('boards.filter.period')}</Typography.Text>
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          aria-label={t('boards.filter.period')}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) onChange({ ...value, from: dates[0].format(DAY), to: dates[1].format(DAY) });
          }}
        />
      </Flex>
      <Flex align="center" gap={8}>
        <Typography.Text type="secondary">{t('boards.filter.warehouse')}</Typography.Text>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="boards-filter__select"
          aria-label={t('boards.filter.warehouse')}
          placeholder={t('boards.filter.allWarehouses')}
          value={value.warehouseId}
          options={(data?.warehouses ?? []).map((w) => ({ value: w.id, label: w.name }))}
          onChange={(warehouseId?: number) => onChange({ ...value, warehouseId })}
        />
      </Flex>
      {enterprises.length > 1 && (
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">{t('boards.filter.enterprise')}</Typography.Text>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            className="boards-filter__select"
            aria-label={t('boards.filter.enterprise')}
            placeholder={t('boards.filter.allEnterprises')}
            value={value.enterpriseId}
            options={enterprises.map((e) => ({ value: e.id, label: e.name }))}
            onChange={(enterpriseId?: string) => onChange({ ...value, enterpriseId })}
          />
        </Flex>
      )}
      {data && (
        <Typography.Text type="secondary" className="boards-filter__computed">
          {t(`boards.scope.${data.scope}`)} · {t('boards.filter.computedAt', { time: dayjs(data.computedAt).format('YYYY-MM-DD HH:mm') })}
        </Typography.Text>
      )}
    </Flex>
  );
}
