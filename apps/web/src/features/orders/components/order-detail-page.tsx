// The detail of one sales or purchase order: header, delivery address and goods lines, read-only, with its change
// history.
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddressText } from '../../../components/business/address-field';
import { formatDateTime, formatMoney } from '../../../components/business/format';
import { GoodsLinesView } from '../../../components/business/goods-lines-field';
import { linesFromServer } from '../../../components/business/goods-lines';
import { Section } from '../../../components/business/page-shell';
import { RecordDetailPage } from '../../../components/business/record-detail';
import { StatusTag } from '../../../components/business/status-tag';
import { ORDERS } from '../api/orders';
import type { OrderDetailView } from '../api/order-view';
import { orderScreens, type OrderKind } from '../order-kinds';

export function OrderDetailPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const k = `biz.orders.${kind}`;
  return (
    <RecordDetailPage<OrderDetailView>
      screens={orderScreens(kind)}
      endpoint={ORDERS[kind]}
      title={t(`${k}.title`)}
      header={(o) => ({ title: t(`${k}.title`), code: o.code, status: o.status })}
    >
      {(o) => (
        <>
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
        </>
      )}
    </RecordDetailPage>
  );
}
