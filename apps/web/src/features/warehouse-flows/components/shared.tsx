// What the notice and delivery-application screens share: the list toolbar (search, status), the warehouse choice.
import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_STATUSES, type FlowStatus } from '@tfb/contract';
import { useWarehouses } from '../api/get-warehouses';

export type ListFilter = { blurry?: string; status?: FlowStatus };

export function ListToolbar({ placeholder, onSearch }: { placeholder: string; onSearch: (f: ListFilter) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<FlowStatus | undefined>(undefined);
  const apply = (next: { blurry?: string; status?: FlowStatus | undefined }) => {
    const blurry = next.blurry?.trim() || undefined;
    onSearch({ ...(blurry ? { blurry } : {}), ...(next.status ? { status: next.status } : {}) });
  };
  return (
    <Flex gap={8} wrap className="flows-toolbar">
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => apply({ blurry: v, status })}
        placeholder={placeholder}
        aria-label={placeholder}
        enterButton={<SearchOutlined aria-label={t('flows.common.search')} />}
        style={{ width: 340 }}
      />
      <Select<FlowStatus>
        allowClear
        aria-label={t('flows.common.status')}
        placeholder={t('flows.common.allStatuses')}
        style={{ width: 160 }}
        value={status}
        onChange={(v) => {
          setStatus(v);
          apply({ blurry: text, status: v });
        }}
        options={FLOW_STATUSES.map((s) => ({ value: s, label: t(`biz.status.${s}`) }))}
      />
    </Flex>
  );
}

/** The enterprise's warehouses, each with its supervisor. */
export function WarehouseSelect({ value, onChange, id }: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const { t } = useTranslation();
  const warehouses = useWarehouses();
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      loading={warehouses.isFetching}
      placeholder={t('flows.common.warehousePlaceholder')}
      options={(warehouses.data ?? []).map((w) => ({
        value: w.id,
        label: w.superviseName ? `${w.name}（${t('flows.common.supervisor')}：${w.superviseName}）` : w.name,
      }))}
    />
  );
}
