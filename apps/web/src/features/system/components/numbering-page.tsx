// /system/numbering: the enterprise's number rules behind generateNumber (prefix, date part in China Standard Time,
// sequence width, reset period) with the next number each would issue. The server keeps numbers unique whatever the
// rules become (apps/server/src/lib/numbering.ts).
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, InputNumber, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatRuleNumber,
  NUMBER_DATE_PARTS,
  NUMBER_RESET_PERIODS,
  SaveNumberRuleBodySchema,
  type BusinessDate,
  type NumberDatePart,
  type NumberResetPeriod,
  type NumberRuleRow,
} from '@tfb/contract';
import { contractMessage, formField } from '../../../lib/form-rules';
import { tableLoading } from '../../../components/widgets/table-loading';
import { numberRulesQuery, useSaveNumberRule } from '../api/system-api';
import { LoadError, SettingsDialog, SystemPage } from './shared';

const cst = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
/** Today on the business calendar (China Standard Time), as the server numbers it. */
export const businessToday = (at = new Date()): BusinessDate => {
  const [year, month, day] = cst.format(at).split('-') as [string, string, string];
  return { year, month, day };
};

export function NumberingPage() {
  const { t } = useTranslation();
  const query = useQuery(numberRulesQuery());
  const [editing, setEditing] = useState<NumberRuleRow | null>(null);
  const columns: TableColumnsType<NumberRuleRow> = [
    {
      title: t('systemSettings.numbering.name'),
      dataIndex: 'numberKey',
      width: 130,
      render: (k: string) => t(`systemSettings.numbering.keys.${k}`, { defaultValue: k }),
    },
    { title: t('systemSettings.numbering.key'), dataIndex: 'numberKey', width: 80, render: (k: string) => <code>{k}</code> },
    { title: t('systemSettings.numbering.prefix'), dataIndex: 'prefix', width: 90 },
    {
      title: t('systemSettings.numbering.datePart'),
      dataIndex: 'datePart',
      width: 110,
      render: (d: NumberDatePart) => (d === 'none' ? t('systemSettings.numbering.datePartNone') : d),
    },
    { title: t('systemSettings.numbering.sequenceWidth'), dataIndex: 'sequenceWidth', width: 110, align: 'right' },
    {
      title: t('systemSettings.numbering.resetPeriod'),
      dataIndex: 'resetPeriod',
      width: 110,
      render: (r: NumberResetPeriod) => t(`systemSettings.numbering.resets.${r}`),
    },
    { title: t('systemSettings.numbering.nextNumber'), dataIndex: 'nextNumber', render: (n: string) => <code>{n}</code> },
    {
      title: '',
      key: 'state',
      width: 90,
      render: (_, r) =>
        r.stored ? <Tag color="blue">{t('systemSettings.numbering.custom')}</Tag> : <Tag>{t('systemSettings.numbering.byDefault')}</Tag>,
    },
    {
      title: '',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)} aria-label={`${t('systemSettings.common.edit')} ${r.numberKey}`}>
          {t('systemSettings.common.edit')}
        </Button>
      ),
    },
  ];
  return (
    <SystemPage title={t('systemSettings.numbering.title')} subtitle={t('systemSettings.numbering.subtitle')}>
      <Flex vertical gap={12}>
        <LoadError error={query.error} retry={() => void query.refetch()} />
        <Table<NumberRuleRow>
          rowKey="numberKey"
          size="middle"
          columns={columns}
          dataSource={query.data ?? []}
          {...tableLoading(query.isFetching, query.data?.length ?? 0)}
          pagination={false}
          scroll={{ x: 1000 }}
        />
      </Flex>
      {editing ? <NumberRuleDialog rule={editing} onClose={() => setEditing(null)} /> : null}
    </SystemPage>
  );
}

type RuleValues = { prefix: string; datePart: NumberDatePart; sequenceWidth: number; resetPeriod: NumberResetPeriod };

/** The sequence of the rule's next number (its trailing digits). */
const nextSequence = (next: string): number => Number(/(\d+)$/.exec(next)?.[1] ?? '1');

export function NumberRuleDialog({
  rule,
  onClose,
  today = businessToday(),
}: {
  rule: NumberRuleRow;
  onClose: () => void;
  today?: BusinessDate;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleValues>();
  const save = useSaveNumberRule();
  const values = Form.useWatch([], form) as Partial<RuleValues> | undefined;
  const fields = SaveNumberRuleBodySchema.shape;
  const candidate = { ...rule, ...values, version: rule.version };
  const parsed = SaveNumberRuleBodySchema.safeParse(candidate);
  const preview = parsed.success ? formatRuleNumber(parsed.data, today, nextSequence(rule.nextNumber)) : null;
  const coverRule = {
    validator: async () => {
      const check = SaveNumberRuleBodySchema.safeParse({ ...rule, ...form.getFieldsValue(), version: rule.version });
      const issue = check.success ? undefined : check.error.issues.find((i) => i.path[0] === 'datePart');
      if (issue) throw new Error(contractMessage(t, issue.message));
    },
  };
  return (
    <SettingsDialog<RuleValues>
      title={t('systemSettings.numbering.editTitle', { key: rule.numberKey })}
      form={form}
      saving={save.isPending}
      onSave={async (v) => {
        await save.mutateAsync({ numberKey: rule.numberKey, body: { ...v, version: rule.version } });
        void message.success(t('systemSettings.common.saved'));
        onClose();
      }}
      onClose={onClose}
      initialValues={{ prefix: rule.prefix, datePart: rule.datePart, sequenceWidth: rule.sequenceWidth, resetPeriod: rule.resetPeriod }}
      onValuesChange={(changed: Partial<RuleValues>) => {
        if ('resetPeriod' in changed) void form.validateFields(['datePart']).catch(() => undefined);
      }}
    >
      <Form.Item name="prefix" label={t('systemSettings.numbering.prefix')} rules={formField(fields.prefix, t).rules}>
        <Input maxLength={16} />
      </Form.Item>
      <Form.Item name="datePart" label={t('systemSettings.numbering.datePart')} rules={[coverRule]}>
        <Select
          options={NUMBER_DATE_PARTS.map((d) => ({ value: d, label: d === 'none' ? t('systemSettings.numbering.datePartNone') : d }))}
        />
      </Form.Item>
      <Form.Item name="sequenceWidth" label={t('systemSettings.numbering.sequenceWidth')} rules={formField(fields.sequenceWidth, t).rules}>
        <InputNumber min={1} max={20} precision={0} />
      </Form.Item>
      <Form.Item name="resetPeriod" label={t('systemSettings.numbering.resetPeriod')}>
        <Select options={NUMBER_RESET_PERIODS.map((r) => ({ value: r, label: t(`systemSettings.numbering.resets.${r}`) }))} />
      </Form.Item>
      <Typography.Paragraph>
        {t('systemSettings.numbering.preview')}: <code data-testid="number-preview">{preview ?? '—'}</code>
      </Typography.Paragraph>
    </SettingsDialog>
  );
}
