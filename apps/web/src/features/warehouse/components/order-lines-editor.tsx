// The goods lines of an order being created: every line of the notice / instruction, ticked when received, with
// the received quantity, weight and reel number (pre-filled as announced).
import { Input, InputNumber, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
};

type Props = {
  lines: readonly EditableLine[];
  onChange: (lines: EditableLine[]) => void;
  firstTitle: string;
  secondTitle: string;
};

const MAX_QUANTITY = 1e14;

export function OrderLinesEditor({ lines, onChange, firstTitle, secondTitle }: Props) {
  const { t } = useTranslation();
  const update = (id: number, patch: Partial<EditableLine>) => onChange(lines.map((l) => (l.id === id ? { ...l, ...patch } : l)));
  const included = lines.filter((l) => l.included);
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
        columnTitle: undefined,
      }}
      columns={[
        { key: 'goodsName', title: t('supervision.warehouse.goodsName'), dataIndex: 'goodsName', width: 200 },
        { key: 'spec', title: t('supervision.warehouse.specificationModels'), render: (_, l) => orDash(l.specificationModels), width: 180 },
        {
          key: 'first',
          title: firstTitle,
          width: 170,
          render: (_, l) => (
            <InputNumber
              aria-label={`${l.goodsName} ${firstTitle}`}
              min={0}
              max={MAX_QUANTITY}
              precision={3}
              value={l.first}
              disabled={!l.included}
              onChange={(v) => update(l.id, { first: v ?? 0 })}
              className="order-lines__number"
            />
          ),
        },
        {
          key: 'second',
          title: secondTitle,
          width: 170,
          render: (_, l) => (
            <InputNumber
              aria-label={`${l.goodsName} ${secondTitle}`}
              min={0}
              max={MAX_QUANTITY}
              precision={3}
              value={l.second}
              disabled={!l.included}
              onChange={(v) => update(l.id, { second: v ?? 0 })}
              className="order-lines__number"
            />
          ),
        },
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
            <Typography.Text type="secondary">{t('supervision.warehouse.linesIncluded', { count: included.length, total: lines.length })}</Typography.Text>
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
