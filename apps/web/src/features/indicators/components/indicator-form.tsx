// The indicator's fields, built from the contract's field metadata (labels, required, lengths, patterns and their
// messages). The data source lists the datasets of the data portal (built-in ones by their localized names, the
// enterprise's uploaded ones by theirs) and the field their measures; picking a measure takes its unit. A change reaches the local tree only once the contract accepts the whole
// indicator, so the tree (and the draft autosaved from it) always holds valid indicators.
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  INDICATOR_AGGREGATIONS,
  INDICATOR_FIELDS,
  INDICATOR_FREQUENCIES,
  INDICATOR_MESSAGES,
  INDICATOR_STATUSES,
  IndicatorValuesSchema,
  MEASURE_UNITS,
  type DatasetSummary,
  type IndicatorOwner,
} from '@tfb/contract';
import { datasetNames } from '../../../components/charts/names';
import { FieldItem } from '../../../components/business/field-item';
import { contractMessage } from '../../../lib/form-rules';
import { indicatorDatasetsQueryOptions } from '../api/indicators';
import type { IndicatorNode, IndicatorValues } from './indicator-tree-model';

type Props = {
  node: IndicatorNode;
  owners: readonly IndicatorOwner[];
  disabled?: boolean;
  onChange: (values: IndicatorValues) => void;
};

/** The measures of dataset `datasetId` among `datasets` (none for an unknown one). */
export const measuresOf = (datasets: readonly DatasetSummary[], datasetId: string) =>
  datasets.find((d) => d.id === datasetId)?.fields.filter((f) => f.role === 'measure') ?? [];

export function IndicatorForm({ node, owners, disabled = false, onChange }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IndicatorValues>();
  const datasetId = Form.useWatch('datasetId', form) ?? node.datasetId;
  const datasets = useQuery(indicatorDatasetsQueryOptions()).data ?? [];
  const names = datasetNames(t);
  const source = datasets.find((d) => d.id === datasetId);

  const apply = (changed: Partial<IndicatorValues>, all: IndicatorValues) => {
    const values = { ...all, datasetId: all.datasetId ?? '', field: all.field ?? '', ownerId: all.ownerId ?? null };
    if ('datasetId' in changed) {
      // Another source: its measures differ, so the field is chosen again.
      values.field = '';
      form.setFieldValue('field', undefined);
    }
    if ('field' in changed && values.field) {
      const unit = measuresOf(datasets, values.datasetId).find((m) => m.name === values.field)?.unit;
      if (unit) {
        values.unit = unit;
        form.setFieldValue('unit', unit);
      }
    }
    if (IndicatorValuesSchema.safeParse(values).success) onChange(values);
  };

  const select =
    <T extends string>(values: readonly T[], prefix: string) =>
    () => <Select<T> options={values.map((v) => ({ value: v, label: t(String(`${prefix}.${v}`)) }))} />;

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={{
        ...node,
        datasetId: node.datasetId || undefined,
        field: node.field || undefined,
        ownerId: node.ownerId ?? undefined,
      }}
      onValuesChange={apply}
      aria-label={t('indicators.form')}
    >
      <FieldItem name="code" field={INDICATOR_FIELDS.code} />
      <FieldItem name="name" field={INDICATOR_FIELDS.name} />
      <FieldItem
        name="definition"
        field={INDICATOR_FIELDS.definition}
        input={(maxLength) => <Input.TextArea maxLength={maxLength} autoSize={{ minRows: 2, maxRows: 6 }} />}
      />
      <FieldItem
        name="datasetId"
        field={INDICATOR_FIELDS.datasetId}
        input={() => (
          <Select<string>
            allowClear
            placeholder={t('indicators.noSource')}
            options={datasets.map((d) => ({ value: d.id, label: names.dataset(d) }))}
          />
        )}
      />
      <FieldItem
        name="field"
        field={INDICATOR_FIELDS.field}
        required={Boolean(datasetId)}
        moreRules={datasetId ? [{ required: true, message: contractMessage(t, INDICATOR_MESSAGES.fieldRequired) }] : []}
        input={() => (
          <Select<string>
            disabled={disabled || !datasetId}
            options={measuresOf(datasets, datasetId ?? '').map((m) => ({
              value: m.name,
              label: source ? names.field(source, m.name) : m.name,
            }))}
          />
        )}
      />
      <FieldItem name="unit" field={INDICATOR_FIELDS.unit} input={select(MEASURE_UNITS, 'charts.unitName')} />
      <FieldItem name="frequency" field={INDICATOR_FIELDS.frequency} input={select(INDICATOR_FREQUENCIES, 'indicators.frequencies')} />
      <FieldItem
        name="aggregation"
        field={INDICATOR_FIELDS.aggregation}
        input={select(INDICATOR_AGGREGATIONS, 'indicators.aggregations')}
      />
      <FieldItem
        name="ownerId"
        field={INDICATOR_FIELDS.ownerId}
        input={() => (
          <Select<string>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('indicators.noOwner')}
            options={owners.map((o) => ({ value: o.id, label: o.name }))}
          />
        )}
      />
      <FieldItem name="status" field={INDICATOR_FIELDS.status} input={select(INDICATOR_STATUSES, 'indicators.statuses')} />
    </Form>
  );
}
