// The detail of one sales or purchase order: header, delivery address and goods lines, read-only.
import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailTabs } from '../../../components/business/audit-trail';
import { AddressText } from '../../../components/business/address-field';
import { formatDateTime, formatMoney } from '../../../components/business/format';
import { GoodsLinesView } from '../../../components/business/goods-lines-field';
import { linesFromServer } from '../../../components/business/goods-lines';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { useOrder } from '../api/get-order';
import { orderPaths, type OrderKind } from '../order-kinds';
import { useCan } from '../../../lib/use-can';

export function OrderDetailPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('orders:write');
  const id = useIdParam();
  const query = useOrder(kind, id);
  const paths = orderPaths(kind);
  const k = `biz.orders.${kind}`;
  return (
    <RecordLoader id={id} query={query} title={t(`${k}.title`)} backTo={paths.list}>
      {(o) => (
        <PageShell
          title={`${t(`${k}.title`)} ${o.code}`}
          tags={<StatusTag status={o.status} />}
          backTo={paths.list}
          extra={
            canWrite && isEditable(o.status) ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(paths.edit(o.id))}>
                {t('biz.common.edit')}
              </Button>
            ) : null
          }
        >
          <DetailTabs entity={kind === 'sales' ? 'salesOrder' : 'purchaseOrder'} id={o.id}>
            <Section title={t('biz.section.basic')}>
              <Descriptions
                bordered
                size="small"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  { key: 'code', label: t(`${k}.code`), children: o.code },
                  { key: 'counterparty', label: t(`${k}.counterparty`), children: o.counterparty },
                  { key: 'flag', label: t(`${k}.flag`), children: t(`${k}.flag_${o.flag}`, { defaultValue: String(o.flag) }) },
                  { key: 'days', label: t(`${k}.days`), children: t('biz.common.days', { count: o.days }) },
                  { key: 'money', label: t('biz.orders.money'), children: `${formatMoney(o.money)} ${t('biz.common.yuan')}` },
                  { key: 'status', label: t('biz.common.status'), children: <StatusTag status={o.status} /> },
                  { key: 'createTime', label: t('biz.common.createTime'), children: formatDateTime(o.createTime) },
                  { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(o.updateTime) },
                  {
                    key: 'address',
                    label: t('biz.contracts.deliveryAddress'),
                    span: 'filled',
                    children: o.deliveryAddress ? <AddressText address={o.deliveryAddress} /> : '—',
                  },
                ]}
              />
            </Section>
            <Section title={t('biz.section.goods')}>
              <GoodsLinesView lines={linesFromServer(o.goods)} />
            </Section>
          </DetailTabs>
        </PageShell>
      )}
    </RecordLoader>
  );
}
