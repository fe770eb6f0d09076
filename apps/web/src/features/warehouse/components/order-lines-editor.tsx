// The goods lines of an order being created: every line of the notice / instruction, ticked when received, with
// the received quantity, weight and reel number (pre-filled with what each line has left). Under each measure the
// remaining amount is shown; a value above it is refused here with the server's message (the contract's builder).
import { Flex, Input, InputNumber, Table, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMIT_MESSAGES, QUANTITY_MAX, orderLineProblem, type WarehouseKindName, type WarehouseMeasure } from '@tfb/contract';
import { selectAllTitle } from '../../../components/widgets';
import { formatQuantity, orDash } from './format';

export type EditableLine = {
  id: number;
  goodsName: string;
  specificationModels: string;
  /** Quantity (a notice's weight / an instruction's deliveryNumber). */
  first: number;
  /** Weight (a notice's storageNumber / an instruction's deliveryWeightNumber). */
  second: number;
  reelNumber: string;
  included: boolean;
  /** What the source line announced and has left after the orders already made from it, per measure. */
  firstLimit: number;
  firstRemaining: number;
  secondLimit: number;
  secondRemaining: number;
};

type LineProblems = { first: string | null; second: string | null };

/** Why an included line may not be sent as it is (each measure within what is left, not both zero). */
export function lineProblems(kind: WarehouseKindName, l: EditableLine): LineProblems {
  if (!l.included) return { first: null, second: null };
  const check = (value: number, measure: WarehouseMeasure, limit: number, remaining: number) =>
    orderLineProblem(kind, value, { goodsName: l.goodsName, measure, limit, remaining });
  const first = check(l.first, '数量', l.firstLimit, l.firstRemaining);
  const second = check(l.second, '重量', l.secondLimit, l.secondRemaining);
  if (!first && !second && l.first <= 0 && l.second <= 0) return { first: LIMIT_MESSAGES.orderLineEmpty, second: null };
  return { first, second };
}

/** The first problem of any included line, or null when the lines may be sent. */
export const firstLineProblem = (kind: WarehouseKindName, lines: readonly EditableLine[]): string | null => {
  for (const l of lines) {
    const p = lineProblems(kind, l);
    if (p.first || p.second) return p.first ?? p.second;
  }
  return null;
};

type Props = {
  kind: WarehouseKindName;
  lines: readonly EditableLine[];
  onChange: (lines: EditableLine[]) => void;
  firstTitle: string;
  secondTitle: string;
};

export function OrderLinesEditor({ kind, lines, onChange, firstTitle, secondTitle }: Props) {
  const { t } = useTranslation();
  const update = (id: number, patch: Partial<EditableLine>) => onChange(lines.map((l) => (l.id === id ? { ...l, ...patch } : l)));
  const included = lines.filter((l) => l.included);
  const measureColumn = (m: 'first' | 'second', title: string): TableColumnType<EditableLine> => ({
    key: m,
    title,
    width: 220,
    render: (_, l) => (
      <MeasureInput
        label={`${l.goodsName} ${title}`}
        value={l[m]}
        remaining={l[`${m}Remaining`]}
        limit={l[`${m}Limit`]}
        problem={lineProblems(kind, l)[m]}
        disabled={!l.included}
        onChange={(v) => update(l.id, { [m]: v })}
      />
    ),
  });
  return (
    <Table<EditableLine>
      size="middle"
      rowKey="id"
      className="order-lines"
      dataSource={[...lines]}
      pagination={false}
      scroll={{ x: 900 }}
      rowSelection={{
        selectedRowKeys: included.map((l) => l.id),
        onChange: (keys) => onChange(lines.map((l) => ({ ...l, included: keys.includes(l.id) }))),
        columnTitle: selectAllTitle,
      }}
      columns={[
        { key: 'goodsName', title: t('supervision.warehouse.goodsName'), dataIndex: 'goodsName', width: 200 },
        { key: 'spec', title: t('supervision.warehouse.specificationModels'), render: (_, l) => orDash(l.specificationModels), width: 180 },
        measureColumn('first', firstTitle),
        measureColumn('second', secondTitle),
        {
          key: 'reel',
          title: t('supervision.warehouse.reelNumber'),
          width: 180,
          render: (_, l) => (
            <Input
              aria-label={`${l.goodsName} ${t('supervision.warehouse.reelNumber')}`}
              value={l.reelNumber}
              maxLength={64}
              disabled={!l.included}
              onChange={(e) => update(l.id, { reelNumber: e.target.value })}
            />
          ),
        },
      ]}
      summary={() => (
        <Table.Summary.Row className="order-lines__total">
          <Table.Summary.Cell index={0} />
          <Table.Summary.Cell index={1}>
            <Typography.Text strong>{t('supervision.warehouse.total')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2}>
            <Typography.Text type="secondary">
              {t('supervision.warehouse.linesIncluded', { count: included.length, total: lines.length })}
            </Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3}>
            <Typography.Text strong>{formatQuantity(included.reduce((n, l) => n + l.first, 0))}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4}>
            <Typography.Text strong>{formatQuantity(included.reduce((n, l) => n + l.second, 0))}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} />
        </Table.Summary.Row>
      )}
    />
  );
}

function MeasureInput({
  label,
  value,
  remaining,
  limit,
  problem,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  remaining: number;
  limit: number;
  problem: string | null;
  disabled: boolean;
  onChange: (v: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <InputNumber
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        status={problem ? 'error' : undefined}
        min={0}
        max={QUANTITY_MAX}
        precision={3}
        value={value}
        disabled={disabled}
        onChange={(v) => onChange(v ?? 0)}
        className="order-lines__number"
      />
      <Typography.Text type="secondary" className="order-lines__remaining">
        {t('supervision.warehouse.remainingOf', { remaining: formatQuantity(remaining), limit: formatQuantity(limit) })}
      </Typography.Text>
      {problem ? (
        <Typography.Text type="danger" role="alert" className="order-lines__problem">
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
