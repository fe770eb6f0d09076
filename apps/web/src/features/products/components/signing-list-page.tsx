// The enterprise's product signings: search by number, product, purpose, project or contract; status filter;
// paging. A new signing starts here (products:write).
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIGNING_STATUSES, type ProductKind, type SigningRow } from '@tfb/contract';
import { formatDate, formatMoney } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { TwoLineCell, listTexts, useRecordList, type SearchValues } from '../../../components/business/record-list';
import { SIGNINGS } from '../api/products';
import { ProductKindTag } from './product-parts';

export function SigningListPage() {
  const { t } = useTranslation();
  const { search, listProps, codeColumn, recordColumns } = useRecordList(SIGNINGS);
  const columns: TableColumnsType<SigningRow> = recordColumns([
    codeColumn({ title: t('products.signing.signCode'), code: (s) => s.signCode }),
    {
      title: t('products.signing.product'),
      key: 'product',
      width: 200,
      render: (_, s) => <TwoLineCell main={s.productName} sub={s.productCode} />,
    },
    { title: t('products.field.kind'), dataIndex: 'productKind', width: 130, render: (k: ProductKind) => <ProductKindTag kind={k} /> },
    {
      title: t('products.signing.amount'),
      dataIndex: 'amount',
      width: 150,
      align: 'right',
      render: (n: number) => (
        <Typography.Text strong className="biz-num">
          {formatMoney(n)}
        </Typography.Text>
      ),
    },
    {
      title: t('products.signing.termMonths'),
      dataIndex: 'termMonths',
      width: 100,
      render: (n: number) => t('products.monthsValue', { n }),
    },
    {
      title: t('products.signing.projectOrContract'),
      key: 'ref',
      ellipsis: true,
      render: (_, s) => <TwoLineCell main={s.projectName ?? s.contractCode ?? '—'} sub={s.projectName ? s.contractCode : null} ellipsis />,
    },
    { title: t('biz.common.createTime'), dataIndex: 'createTime', width: 110, render: formatDate },
  ]);
  return (
    <ListPage<SigningRow, SearchValues>
      {...listProps}
      {...listTexts(t, 'products.signing.list')}
      statusOptions={SIGNING_STATUSES.map((s) => ({ value: s, label: t(`biz.status.${s}`) }))}
      onSearch={(v) => search(v)}
      columns={columns}
      scrollX={1200}
    />
  );
}
