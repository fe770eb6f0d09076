// The detail of one sales or purchase order: header, delivery address and goods lines, read-only, with its change
// history.
import { useTranslation } from 'react-i18next';
import { AddressText } from '../../../components/business/address-field';
import { formatDateTime, moneyText } from '../../../components/business/format';
import { GoodsLinesView } from '../../../components/business/goods-lines-field';
import { linesFromServer } from '../../../components/business/goods-lines';
import { Section } from '../../../components/business/page-shell';
import { BasicSection, RecordDetailPage } from '../../../components/business/record-detail';
import { StatusTag } from '../../../components/business/status-tag';
import { ORDERS } from '../api/orders';
import type { OrderDetailView } from '../api/order-view';
import type { OrderKind } from '../order-kinds';

export function OrderDetailPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const k = `biz.orders.${kind}`;
  const title = t(`${k}.title`);
  return (
    <RecordDetailPage kind={ORDERS[kind]} title={title} heading={(o: OrderDetailView) => ({ title, code: o.code })}>
      {(o) => (
        <>
          <BasicSection
            items={[
              { key: 'code', label: t(`${k}.code`), children: o.code },
              { key: 'counterparty', label: t(`${k}.counterparty`), children: o.counterparty },
              { key: 'flag', label: t(`${k}.flag`), children: t(`${k}.flag_${o.flag}`, { defaultValue: String(o.flag) }) },
              { key: 'days', label: t(`${k}.days`), children: t('biz.common.days', { count: o.days }) },
              { key: 'money', label: t('biz.orders.money'), children: moneyText(t, o.money) },
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
          <Section title={t('biz.section.goods')}>
            <GoodsLinesView lines={linesFromServer(o.goods)} />
          </Section>
        </>
      )}
    </RecordDetailPage>
  );
}
