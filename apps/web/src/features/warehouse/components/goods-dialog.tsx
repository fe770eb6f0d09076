// The more-goods dialog (spec 2.3 item 11): the document's header and ALL its goods lines with a total row,
// plus the actions the list allows (print / create order) for whoever may use them.
import { Descriptions, Empty, Modal, Skeleton, Table, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsColumn } from './goods-lines';

type Props<T> = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  loading: boolean;
  failed?: boolean;
  header: DescriptionsProps['items'];
  lines: readonly T[];
  columns: readonly GoodsColumn<T>[];
  getKey: (line: T) => string | number;
  actions?: ReactNode;
};

export function GoodsDialog<T extends object>({
  open,
  onClose,
  title,
  loading,
  failed,
  header,
  lines,
  columns,
  getKey,
  actions,
}: Props<T>) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} title={title} width={960} destroyOnHidden footer={actions ?? null} className="goods-dialog">
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed ? (
        <Empty description={t('supervision.common.loadFailed')} />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} items={header} className="goods-dialog__header" />
          <Table<T>
            size="small"
            rowKey={(l) => getKey(l)}
            dataSource={[...lines]}
            pagination={false}
            scroll={{ y: 420 }}
            columns={columns.map((c, i) => ({
              key: c.key,
              title: c.title,
              align: c.align,
              render: (_: unknown, line: T) => c.render(line),
              ...(i === 0 ? { width: 200 } : {}),
            }))}
            summary={() => (
              <Table.Summary fixed>
                <Table.Summary.Row className="goods-dialog__total">
                  {columns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                      {i === 0 ? t('supervision.warehouse.total') : (c.total ?? '')}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        </>
      )}
    </Modal>
  );
}
