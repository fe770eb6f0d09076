// The goods lines of a contract or order form (an antd Form control): lines picked from the catalogue with
// the goods picker, lines typed in by hand, quantity and price per line, and the totals.
import { AppstoreAddOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Table, Tag, Typography, type TableColumnType, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_MAX, QUANTITY_MAX, QUANTITY_SCALE } from '@tfb/contract';
import { GoodsPickerModal } from '../widgets/goods-picker';
import { RemoveRowButton } from '../widgets/remove-row-button';
import { formatMoney, formatQuantity } from './format';
import { lineAmount, linesTotal, manualLine, mergePicked, pickerSelection, type GoodsLineValue } from './goods-lines';
import './business.css';

export type GoodsLinesFieldProps = {
  value?: GoodsLineValue[];
  onChange?: (lines: GoodsLineValue[]) => void;
  disabled?: boolean;
  /** More buttons beside "pick from catalogue" (e.g. import from an order). */
  extraActions?: ReactNode;
  id?: string;
};

export function GoodsLinesField({ value, onChange, disabled = false, extraActions, id }: GoodsLinesFieldProps) {
  const { t } = useTranslation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const lines = value ?? [];
  const emit = (next: GoodsLineValue[]) => onChange?.(next);
  const patch = (key: string, p: Partial<GoodsLineValue>) => emit(lines.map((l) => (l.key === key ? { ...l, ...p } : l)));
  const total = linesTotal(lines);

  /** A text of a line: as the catalogue has it on a picked line, typed on a line of its own. */
  const textColumn = (key: 'specificationModels' | 'unit', width: number, maxLength: number): TableColumnType<GoodsLineValue> => ({
    title: t(`biz.goodsLines.${key}`),
    key,
    width,
    render: (_, l) =>
      l.goodsId !== null ? (
        l[key] || '—'
      ) : (
        <Input
          aria-label={t(`biz.goodsLines.${key}`)}
          maxLength={maxLength}
          value={l[key]}
          disabled={disabled}
          onChange={(e) => patch(l.key, { [key]: e.target.value })}
        />
      ),
  });

  /** A number of a line, typed on every line; a line without a quantity is marked. */
  const numberColumn = (key: 'quantity' | 'price', width: number, max: number, precision: number): TableColumnType<GoodsLineValue> => ({
    title: t(`biz.goodsLines.${key}`),
    key,
    width,
    render: (_, l) => (
      <InputNumber<number>
        aria-label={t(`biz.goodsLines.${key}`)}
        min={0}
        max={max}
        precision={precision}
        style={{ width: '100%' }}
        value={l[key]}
        disabled={disabled}
        status={key === 'quantity' && l.quantity === null ? 'warning' : undefined}
        onChange={(v) => patch(l.key, { [key]: v })}
      />
    ),
  });

  const columns: TableColumnsType<GoodsLineValue> = [
    { title: '#', key: 'index', width: 48, align: 'center', render: (_, __, i) => i + 1 },
    {
      title: t('biz.goodsLines.goodsName'),
      key: 'goodsName',
      render: (_, l) =>
        l.goodsId !== null ? (
          <Flex vertical gap={2}>
            <Typography.Text>{l.goodsName}</Typography.Text>
            <Tag bordered={false} color="blue" className="biz-goods-lines__source">
              {t('biz.goodsLines.fromCatalogue')}
            </Tag>
          </Flex>
        ) : (
          <Input
            aria-label={t('biz.goodsLines.goodsName')}
            placeholder={t('biz.goodsLines.goodsNamePlaceholder')}
            maxLength={100}
            value={l.goodsName}
            disabled={disabled}
            onChange={(e) => patch(l.key, { goodsName: e.target.value })}
          />
        ),
    },
    textColumn('specificationModels', 160, 100),
    textColumn('unit', 90, 20),
    numberColumn('quantity', 140, QUANTITY_MAX, QUANTITY_SCALE),
    numberColumn('price', 150, MONEY_MAX, 2),
    { title: t('biz.goodsLines.amount'), key: 'amount', width: 140, align: 'right', render: (_, l) => formatMoney(lineAmount(l)) },
    ...(disabled
      ? []
      : [
          {
            title: t('biz.common.actions'),
            key: 'actions',
            width: 64,
            align: 'center' as const,
            render: (_: unknown, l: GoodsLineValue) => (
              <RemoveRowButton label={t('biz.goodsLines.remove')} onClick={() => emit(lines.filter((x) => x.key !== l.key))} />
            ),
          },
        ]),
  ];

  return (
    <div id={id} className="biz-goods-lines">
      {disabled ? null : (
        <Flex gap={8} wrap className="biz-goods-lines__actions">
          <Button type="primary" ghost icon={<AppstoreAddOutlined />} onClick={() => setPickerOpen(true)}>
            {t('biz.goodsLines.pick')}
          </Button>
          <Button icon={<EditOutlined />} onClick={() => emit([...lines, manualLine()])}>
            {t('biz.goodsLines.addManual')}
          </Button>
          {extraActions}
        </Flex>
      )}
      {/* The field's message (a line without quantity) shows under the table; valid controls must not turn red. */}
      <Form.Item noStyle validateStatus="">
        <Table<GoodsLineValue>
          rowKey="key"
          size="small"
          bordered
          columns={columns}
          dataSource={lines}
          pagination={false}
          tableLayout="fixed"
          scroll={{ x: 900 }}
          locale={{ emptyText: t('biz.goodsLines.empty') }}
          summary={() => <TotalRow count={lines.length} total={total} actionColumn={!disabled} />}
        />
      </Form.Item>
      <GoodsPickerModal
        open={pickerOpen}
        initialSelected={pickerSelection(lines)}
        onCancel={() => setPickerOpen(false)}
        onOk={(rows) => {
          setPickerOpen(false);
          emit(mergePicked(lines, rows));
        }}
      />
    </div>
  );
}

/** Read-only goods lines of a detail screen. */
export function GoodsLinesView({ lines }: { lines: readonly GoodsLineValue[] }) {
  const { t } = useTranslation();
  const total = linesTotal(lines);
  const columns: TableColumnsType<GoodsLineValue> = [
    { title: '#', key: 'index', width: 48, align: 'center', render: (_, __, i) => i + 1 },
    {
      title: t('biz.goodsLines.goodsName'),
      key: 'goodsName',
      render: (_, l) => (
        <Flex gap={6} align="center" wrap>
          <span>{l.goodsName}</span>
          {l.goodsId !== null ? (
            <Tag bordered={false} color="blue" className="biz-goods-lines__source">
              {t('biz.goodsLines.fromCatalogue')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    { title: t('biz.goodsLines.specificationModels'), dataIndex: 'specificationModels', width: 180, render: (s: string) => s || '—' },
    { title: t('biz.goodsLines.unit'), dataIndex: 'unit', width: 80, render: (s: string) => s || '—' },
    { title: t('biz.goodsLines.quantity'), dataIndex: 'quantity', width: 120, align: 'right', render: formatQuantity },
    { title: t('biz.goodsLines.price'), dataIndex: 'price', width: 130, align: 'right', render: formatMoney },
    { title: t('biz.goodsLines.amount'), key: 'amount', width: 140, align: 'right', render: (_, l) => formatMoney(lineAmount(l)) },
  ];
  return (
    <Table<GoodsLineValue>
      rowKey="key"
      size="small"
      bordered
      columns={columns}
      dataSource={[...lines]}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: 800 }}
      locale={{ emptyText: t('biz.goodsLines.empty') }}
      summary={() => <TotalRow count={lines.length} total={total} actionColumn={false} />}
    />
  );
}

/** The total row under a goods-lines table (none while it is empty); `actionColumn` when the table has one. */
function TotalRow({ count, total, actionColumn }: { count: number; total: { quantity: number; amount: number }; actionColumn: boolean }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Table.Summary.Row className="biz-goods-lines__total">
      <Table.Summary.Cell index={0} colSpan={4}>
        {t('biz.goodsLines.total', { count })}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={4} align="right">
        {formatQuantity(total.quantity)}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={5} />
      <Table.Summary.Cell index={6} align="right">
        {formatMoney(total.amount)}
      </Table.Summary.Cell>
      {actionColumn ? <Table.Summary.Cell index={7} /> : null}
    </Table.Summary.Row>
  );
}
