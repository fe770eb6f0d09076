// The platform's supply-chain finance products: search by name or code, kind and shelf status; a paged table with
// rate and term ranges, limit and required documents. The admin (products:admin) adds and edits products and puts
// them on or off the shelf here; everyone else reads.
import { App, Button, Flex, Form, Select, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  PRODUCT_KINDS,
  PRODUCT_PATHS,
  PRODUCT_STATUSES,
  type ListProductsQuery,
  type Product,
  type ProductKind,
  type ProductStatus,
} from '@tfb/contract';
import { formatMoney } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { useRecordPage } from '../../../components/business/record-api';
import { showSaveError } from '../../../components/business/save-error';
import { useCan } from '../../../lib/use-can';
import { PRODUCTS, useSetShelf } from '../api/products';
import { ProductKindTag, ProductStatusTag, RequiredDocTags, rateRange, useTermRange } from './product-parts';

type Search = { keyword?: string; status?: ProductStatus; kind?: ProductKind };

/** The admin's on/off-shelf button of a product. */
export function ShelfButton({ product, size }: { product: Product; size?: 'small' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const shelf = useSetShelf();
  const next: ProductStatus = product.status === 'on' ? 'off' : 'on';
  return (
    <Button
      type={size ? 'link' : 'default'}
      size={size}
      loading={shelf.isPending}
      onClick={async () => {
        try {
          await shelf.mutateAsync({ id: product.id, status: next, version: product.version });
          void message.success(t(`products.shelved.${next}`));
        } catch (err) {
          showSaveError(err, null, message);
        }
      }}
    >
      {t(`products.action.${next}`)}
    </Button>
  );
}

export function ProductListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useCan('products:admin');
  const termRange = useTermRange();
  const list = useListState<Partial<ListProductsQuery>>({});
  const query = useRecordPage(PRODUCTS, { ...list.page, ...list.filters } as ListProductsQuery);
  const columns: TableColumnsType<Product> = [
    {
      title: t('products.field.name'),
      key: 'name',
      width: 180,
      fixed: 'left',
      render: (_, p) => (
        <Flex vertical gap={2}>
          <Typography.Link onClick={() => navigate(PRODUCTS.paths.detail(p.id))}>{p.name}</Typography.Link>
          <Typography.Text type="secondary" className="biz-cell__sub">
            {p.code}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('products.field.kind'), dataIndex: 'kind', width: 170, render: (k: ProductKind) => <ProductKindTag kind={k} /> },
    { title: t('products.field.rate'), key: 'rate', width: 150, render: (_, p) => rateRange(p) },
    { title: t('products.field.term'), key: 'term', width: 120, render: (_, p) => termRange(p) },
    {
      title: t('products.field.limitAmount'),
      dataIndex: 'limitAmount',
      width: 150,
      align: 'right',
      render: (n: number) => <span className="biz-num">{formatMoney(n)}</span>,
    },
    { title: t('products.field.requiredDocs'), key: 'docs', render: (_, p) => <RequiredDocTags docs={p.requiredDocs} /> },
    { title: t('products.field.status'), dataIndex: 'status', width: 120, render: (s: ProductStatus) => <ProductStatusTag status={s} /> },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: isAdmin ? 250 : 90,
      fixed: 'right',
      render: (_, p) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(PRODUCTS.paths.detail(p.id))}>
            {t('biz.common.view')}
          </Button>
          {isAdmin ? (
            <>
              <Button type="link" size="small" onClick={() => navigate(PRODUCTS.paths.edit(p.id))}>
                {t('biz.common.edit')}
              </Button>
              <ShelfButton product={p} size="small" />
            </>
          ) : null}
        </Flex>
      ),
    },
  ];
  const kindFilter = (
    <Form.Item name="kind" label={t('products.field.kind')}>
      <Select
        allowClear
        className="biz-list__select"
        placeholder={t('products.allKinds')}
        options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`products.kind.${k}`) }))}
      />
    </Form.Item>
  );
  return (
    <ListPage<Product, Search>
      title={t('products.list.title')}
      subtitle={t('products.list.subtitle')}
      entityName={t('products.list.entity')}
      createLabel={t('products.list.create')}
      searchPlaceholder={t('products.list.searchPlaceholder')}
      onCreate={isAdmin ? () => navigate(PRODUCTS.paths.add) : undefined}
      filters={kindFilter}
      exporter={{ list: PRODUCT_PATHS.products, filter: list.filters }}
      statusOptions={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))}
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status, kind: v.kind })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(p) => p.id}
      scrollX={1450}
    />
  );
}
