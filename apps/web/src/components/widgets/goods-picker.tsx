// The goods picker (spec 2.3 item 3, 7.2 listCategory / listMlzGoodsByGoodsId): a virtual category tree
// whose root 全部 means no filter, and a server-paged, searchable multi-select goods table. The selection is
// a Map id → row, so it survives paging, searching and switching categories and is returned as full rows.
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Input, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GOODS_CATEGORY_KEY, type Goods } from '@tfb/contract';
import { recordPageOptions } from '../business/record-api';
import { GOODS, type GoodsQuery } from './goods-api';
import { GoodsCategoryTree } from './goods-category-tree';
import { useLogListError } from './list-errors';
import { FIRST_PAGE, tablePagination, type PageState } from './paging';

export type { Goods } from '@tfb/contract';

const TREE_HEIGHT = 460;

export type GoodsPickerModalProps = {
  open: boolean;
  onCancel: () => void;
  /** The chosen goods, full rows, in the order they were picked. */
  onOk: (rows: Goods[]) => void;
  /** Goods already on the form: shown as selected when the picker opens. */
  initialSelected?: readonly Goods[];
  title?: string;
};

/** Multi-select goods from the catalogue, filtered by category and name, across any number of pages. */
export function GoodsPickerModal({ open, onCancel, onOk, initialSelected, title }: GoodsPickerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title ?? t('widgets.goods.title')} width={1240} onCancel={onCancel} footer={null} destroyOnHidden>
      {open ? <GoodsPickerBody onCancel={onCancel} onOk={onOk} initialSelected={initialSelected ?? []} /> : null}
    </Modal>
  );
}

function GoodsPickerBody({
  onCancel,
  onOk,
  initialSelected,
}: {
  onCancel: () => void;
  onOk: (rows: Goods[]) => void;
  initialSelected: readonly Goods[];
}) {
  const { t } = useTranslation();
  const [categoryKey, setCategoryKey] = useState<string>(DEFAULT_GOODS_CATEGORY_KEY);
  const [nameInput, setNameInput] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [selected, setSelected] = useState<ReadonlyMap<number, Goods>>(() => new Map(initialSelected.map((g) => [g.id, g])));

  const params: GoodsQuery = {
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    name: name || undefined,
    goodsCategoryId: categoryKey === DEFAULT_GOODS_CATEGORY_KEY ? undefined : Number(categoryKey),
  };
  const goods = useQuery(recordPageOptions(GOODS, params));
  useLogListError(goods.error);

  const columns: TableColumnsType<Goods> = [
    { title: t('widgets.goods.goodsName'), dataIndex: 'goodsName', width: 150, ellipsis: true },
    { title: t('widgets.goods.specificationModels'), dataIndex: 'specificationModels', width: 120, ellipsis: true },
    { title: t('widgets.goods.unit'), dataIndex: 'unit', width: 56 },
    { title: t('widgets.goods.manufacturer'), dataIndex: 'manufacturer', width: 110, ellipsis: true },
    { title: t('widgets.goods.texture'), dataIndex: 'texture', width: 72, ellipsis: true },
    { title: t('widgets.goods.weight'), dataIndex: 'weight', width: 72, align: 'right' },
    { title: t('widgets.goods.monad'), dataIndex: 'monad', width: 72 },
    { title: t('widgets.goods.goodsNumber'), dataIndex: 'goodsNumber', width: 100, ellipsis: true },
    { title: t('widgets.goods.goodsPrice'), dataIndex: 'goodsPrice', width: 84, align: 'right' },
  ];

  const pageRows = goods.data?.content ?? [];

  return (
    <>
      <Flex gap={16} align="stretch">
        <div style={{ width: 260, flex: 'none', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            {t('widgets.goods.categories')}
          </Typography.Text>
          <GoodsCategoryTree
            value={categoryKey}
            height={TREE_HEIGHT}
            onChange={(key) => {
              setCategoryKey(key);
              setPage((p) => ({ ...p, pageNumber: 0 }));
            }}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Input.Search
            allowClear
            enterButton={t('widgets.common.search')}
            placeholder={t('widgets.goods.searchPlaceholder')}
            aria-label={t('widgets.goods.searchPlaceholder')}
            value={nameInput}
            onChange={(e) => setNameInput(e.target.value)}
            onSearch={(v) => {
              setName(v.trim());
              setPage((p) => ({ ...p, pageNumber: 0 }));
            }}
            style={{ marginBottom: 12, maxWidth: 420 }}
          />
          <Table<Goods>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={pageRows}
            loading={goods.isFetching}
            scroll={{ x: 870, y: 400 }}
            tableLayout="fixed"
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            rowSelection={{
              type: 'checkbox',
              preserveSelectedRowKeys: true,
              selectedRowKeys: [...selected.keys()],
              onChange: (keys, rows) => {
                const next = new Map<number, Goods>();
                for (const key of keys) {
                  const id = Number(key);
                  const row = selected.get(id) ?? rows.find((r) => r?.id === id) ?? pageRows.find((r) => r.id === id);
                  if (row) next.set(id, row);
                }
                setSelected(next);
              },
            }}
            onRow={(row) => ({
              onClick: (e) => {
                // The checkbox cell already toggled the row.
                if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
                setSelected((prev) => {
                  const next = new Map(prev);
                  if (next.has(row.id)) next.delete(row.id);
                  else next.set(row.id, row);
                  return next;
                });
              },
              style: { cursor: 'pointer' },
            })}
            pagination={tablePagination(t, page, goods.data, setPage)}
          />
        </div>
      </Flex>
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
        <Flex gap={8} align="center">
          <Typography.Text>{t('widgets.common.selectedCount', { count: selected.size })}</Typography.Text>
          {selected.size > 0 ? (
            <Button type="link" size="small" onClick={() => setSelected(new Map())}>
              {t('widgets.common.clearSelection')}
            </Button>
          ) : null}
        </Flex>
        <Flex gap={8}>
          <Button onClick={onCancel}>{t('widgets.common.cancel')}</Button>
          <Button type="primary" onClick={() => onOk([...selected.values()])}>
            {t('widgets.common.ok')}
          </Button>
        </Flex>
      </Flex>
    </>
  );
}
