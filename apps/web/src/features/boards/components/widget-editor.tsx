// The widget editor (a drawer): chart kind, titles in zh / en / es, the source — a dataset with its dimensions and
// measures (named through the locales; only what the kind can draw), or an indicator of the indicator system with
// the dimensions of its dataset — how many rows, and a gauge's maximum. A change of kind, dataset or indicator fits
// the picks to it; the contract's own checks say what is still missing before OK.
import { Alert, Button, Drawer, Flex, Form, Input, InputNumber, Segmented, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartKind, Widget } from '@tfb/contract';
import { indicatorTreeQueryOptions } from '../../../components/business/get-indicator-tree';
import {
  bindIndicator,
  bindingProblemKey,
  datasetOptions,
  dimensionOptions,
  fitBinding,
  indicatorOptions,
  indicatorProblemKey,
  kindOptions,
  limitsOf,
  measureOptions,
  type BindingDraft,
} from '../model/widget-options';

export type WidgetDraft = Omit<Widget, 'position'>;

type Props = {
  open: boolean;
  /** The widget being edited, or a new one's starting point. */
  initial: WidgetDraft;
  isNew: boolean;
  onCancel: () => void;
  onOk: (widget: WidgetDraft) => void;
};

export function WidgetEditor({ open, initial, isNew, onCancel, onOk }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ChartKind>(initial.kind);
  const [title, setTitle] = useState(initial.title);
  const [binding, setBinding] = useState<BindingDraft>(initial.binding);
  const [limit, setLimit] = useState(initial.binding.limit);
  const [max, setMax] = useState<number | null>(initial.binding.max);
  const [source, setSource] = useState<'dataset' | 'indicator'>(initial.binding.indicatorId === null ? 'dataset' : 'indicator');
  const [indicatorId, setIndicatorId] = useState<number | null>(initial.binding.indicatorId);
  const tree = useQuery({ ...indicatorTreeQueryOptions(), enabled: open && source === 'indicator' });
  const indicators = useMemo(() => tree.data?.indicators ?? [], [tree.data]);
  const indicator = indicators.find((i) => i.id === indicatorId);
  // The drawer is mounted per widget edited (its state starts from `initial`).
  const [touched, setTouched] = useState(false);

  const limits = limitsOf(kind);
  const datasets = useMemo(() => datasetOptions(kind, t), [kind, t]);
  const dimensions = useMemo(() => dimensionOptions(kind, binding.dataset, t), [kind, binding.dataset, t]);
  const measures = useMemo(() => measureOptions(binding.dataset, t), [binding.dataset, t]);
  const problem = source === 'indicator' ? indicatorProblemKey(kind, indicator, binding) : bindingProblemKey(kind, binding);
  const titleMissing = title.zh.trim() === '';

  const changeKind = (k: ChartKind) => {
    setKind(k);
    if (source === 'indicator') {
      if (indicator) setBinding(bindIndicator(k, indicator, binding));
      return;
    }
    const usable = datasetOptions(k, t).find((d) => d.value === binding.dataset && !d.disabled);
    const dataset = usable ? binding.dataset : (datasetOptions(k, t).find((d) => !d.disabled)?.value ?? binding.dataset);
    setBinding(fitBinding(k, { ...binding, dataset }));
  };
  const submit = () => {
    setTouched(true);
    if (problem || titleMissing) return;
    onOk({
      id: initial.id,
      kind,
      title,
      binding: { ...binding, indicatorId: source === 'indicator' ? indicatorId : null, limit, max: kind === 'gauge' ? max : null },
    });
  };

  return (
    <Drawer
      open={open}
      width={520}
      title={t(isNew ? 'boards.editor.addTitle' : 'boards.editor.editTitle')}
      onClose={onCancel}
      destroyOnHidden
      footer={
        <Flex justify="end">
          <Space>
            <Button onClick={onCancel}>{t('boards.cancel')}</Button>
            <Button type="primary" onClick={submit}>
              {t('boards.ok')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Form layout="vertical" requiredMark>
        <Form.Item label={t('boards.editor.kind')}>
          <Segmented<ChartKind>
            block={false}
            options={kindOptions(t)}
            value={kind}
            onChange={changeKind}
            className="boards-editor__kinds"
          />
        </Form.Item>
        <Form.Item
          htmlFor="widget-title-zh"
          label={t('boards.editor.titleZh')}
          required
          validateStatus={touched && titleMissing ? 'error' : undefined}
          help={touched && titleMissing ? t('boards.editor.titleRequired') : undefined}
        >
          <Input id="widget-title-zh" value={title.zh} maxLength={60} onChange={(e) => setTitle({ ...title, zh: e.target.value })} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item htmlFor="widget-title-en" label={t('boards.editor.titleEn')} className="boards-editor__half">
            <Input id="widget-title-en" value={title.en} maxLength={60} onChange={(e) => setTitle({ ...title, en: e.target.value })} />
          </Form.Item>
          <Form.Item htmlFor="widget-title-es" label={t('boards.editor.titleEs')} className="boards-editor__half">
            <Input id="widget-title-es" value={title.es} maxLength={60} onChange={(e) => setTitle({ ...title, es: e.target.value })} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('boards.editor.source')}>
          <Segmented<'dataset' | 'indicator'>
            block={false}
            options={[
              { value: 'dataset', label: t('boards.editor.sourceDataset') },
              { value: 'indicator', label: t('boards.editor.sourceIndicator') },
            ]}
            value={source}
            onChange={(v) => {
              setSource(v);
              if (v === 'dataset') setIndicatorId(null);
            }}
          />
        </Form.Item>
        {source === 'dataset' ? (
          <Form.Item htmlFor="widget-dataset" label={t('boards.editor.dataset')} required>
            <Select
              id="widget-dataset"
              value={binding.dataset || undefined}
              options={datasets}
              placeholder={t('boards.editor.pickDataset')}
              onChange={(dataset: string) => setBinding(fitBinding(kind, { ...binding, dataset }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            htmlFor="widget-indicator"
            label={t('boards.editor.indicator')}
            required
            extra={
              indicator
                ? t('boards.editor.indicatorHint', {
                    measure: `${t(`charts.dataset.${indicator.datasetId}`)} · ${t(`charts.measure.${indicator.field}`)}`,
                    aggregation: t(`indicators.aggregations.${indicator.aggregation}`),
                  })
                : undefined
            }
          >
            <Select
              id="widget-indicator"
              showSearch
              optionFilterProp="label"
              loading={tree.isLoading}
              value={indicatorId === null ? undefined : String(indicatorId)}
              options={indicatorOptions(indicators, kind)}
              placeholder={t('boards.editor.pickIndicator')}
              onChange={(value: string) => {
                const picked = indicators.find((i) => String(i.id) === value);
                if (!picked) return;
                setIndicatorId(picked.id);
                setBinding(bindIndicator(kind, picked, binding));
              }}
            />
          </Form.Item>
        )}
        {limits.dimensions[1] > 0 && (
          <Form.Item
            htmlFor="widget-dimensions"
            label={t('boards.editor.dimensions')}
            required
            extra={t('boards.editor.dimensionsHint', { max: limits.dimensions[1] })}
          >
            <Select
              id="widget-dimensions"
              mode="multiple"
              maxCount={limits.dimensions[1]}
              value={binding.dimensions}
              options={dimensions}
              onChange={(d: string[]) => setBinding({ ...binding, dimensions: d })}
            />
          </Form.Item>
        )}
        {source === 'dataset' && (
          <Form.Item htmlFor="widget-measures" label={t('boards.editor.measures')} required>
            <Select
              id="widget-measures"
              mode="multiple"
              maxCount={limits.measures[1]}
              value={binding.measures}
              options={measures}
              onChange={(m: string[]) => setBinding({ ...binding, measures: m })}
            />
          </Form.Item>
        )}
        <Flex gap={12}>
          {limits.dimensions[1] > 0 && (
            <Form.Item htmlFor="widget-limit" label={t('boards.editor.limit')} className="boards-editor__half">
              <InputNumber
                id="widget-limit"
                min={1}
                max={1000}
                precision={0}
                value={limit}
                onChange={(v) => setLimit(v ?? 20)}
                className="boards-editor__number"
              />
            </Form.Item>
          )}
          {kind === 'gauge' && (
            <Form.Item
              htmlFor="widget-max"
              label={t('boards.editor.max')}
              extra={t('boards.editor.maxHint')}
              className="boards-editor__half"
            >
              <InputNumber
                id="widget-max"
                min={0}
                value={max}
                onChange={(v) => setMax(v && v > 0 ? v : null)}
                className="boards-editor__number"
              />
            </Form.Item>
          )}
        </Flex>
        {touched && problem && <Alert type="error" showIcon title={t(problem)} />}
      </Form>
    </Drawer>
  );
}
