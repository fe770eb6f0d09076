// The goods catalogue: the category tree beside a paged goods list searched by name (listMlzGoodsByGoodsId, the
// goods picker's list).
import { Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GOODS_CATEGORY_KEY, type Goods } from '@tfb/contract';
import { formatMoney, formatQuantity, orDash } from '../../../components/business/format';
import { ListPage, keywordOf } from '../../../components/business/list-page';
import { listTexts, useRecordList, type SearchValues } from '../../../components/business/record-list';
import { GoodsCategoryTree } from '../../../components/widgets/goods-category-tree';
import { GOODS_RECORDS } from '../api/goods';

export function GoodsCatalogueListPage() {
  const { t } = useTranslation();
  const [categoryKey, setCategoryKey] = useState<string>(DEFAULT_GOODS_CATEGORY_KEY);
  const { list, listProps, codeColumn, actionsColumn } = useRecordList(GOODS_RECORDS);
  const columns: TableColumnsType<Goods> = [
    codeColumn({ title: t('widgets.goods.goodsNumber'), code: (g) => g.goodsNumber, width: 140 }),
    {
      title: `${t('widgets.goods.goodsName')} / ${t('widgets.goods.specificationModels')}`,
      key: 'name',
      ellipsis: true,
      render: (_, g) => (
        <Flex vertical gap={2}>
          <Typography.Text ellipsis>{g.goodsName}</Typography.Text>
          <Typography.Text type="secondary" className="biz-cell__sub" ellipsis>
            {[g.specificationModels, g.texture].filter(Boolean).join(' · ') || '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('widgets.goods.unit'), dataIndex: 'unit', width: 56, render: orDash },
    { title: t('widgets.goods.manufacturer'), dataIndex: 'manufacturer', width: 150, ellipsis: true, render: orDash },
    { title: t('widgets.goods.weight'), dataIndex: 'weight', width: 76, align: 'right', render: formatQuantity },
    { title: t('widgets.goods.monad'), dataIndex: 'monad', width: 76, render: orDash },
    { title: t('widgets.goods.goodsPrice'), dataIndex: 'goodsPrice', width: 100, align: 'right', render: formatMoney },
    actionsColumn(104),
  ];
  return (
    <ListPage<Goods, SearchValues>
      {...listProps}
      {...listTexts(t, 'biz.goods')}
      statusFilter={false}
      onSearch={(v) => list.setFilters({ ...list.filters, name: keywordOf(v.keyword) })}
      aside={
        <>
          <Typography.Text strong className="biz-goods__tree-title">
            {t('biz.goods.categories')}
          </Typography.Text>
          <GoodsCategoryTree
            value={categoryKey}
            height={560}
            onChange={(key) => {
              setCategoryKey(key);
              list.setFilters({ ...list.filters, goodsCategoryId: key === DEFAULT_GOODS_CATEGORY_KEY ? undefined : Number(key) });
            }}
          />
        </>
      }
      columns={columns}
      scrollX={880}
    />
  );
}
