// One signing: the application, its product's terms, the project and contract, its documents against the product's
// required types, submitting it for approval (a draft or rejected one, products:write), and what became of its
// result at the risk service (the outbox: pending, delivered or failed with the last error; the admin retries a
// failed one). `extra` is where the route table puts the approval timeline and approve / reject.
import { RedoOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Empty, Flex, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskDelivery, SigningDetail } from '@tfb/contract';
import { DocumentsView } from '../../../components/business/form-items';
import { formatDateTime, moneyText, orDash } from '../../../components/business/format';
import { Section } from '../../../components/business/page-shell';
import { BasicSection, RecordDetailPage, detailTexts } from '../../../components/business/record-detail';
import { showSaveError } from '../../../components/business/save-error';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useCan } from '../../../lib/use-can';
import { SIGNINGS, useRetryDelivery, useSubmitSigning } from '../api/products';
import { ProductKindTag, rateRange, useTermRange } from './product-parts';
import { RequiredDocsChecklist, SIGNING_SIGN_TYPE } from './signing-form-page';

export type SigningDetailExtra = (signing: SigningDetail) => ReactNode;

const DELIVERY_COLORS = { pending: 'processing', delivered: 'success', failed: 'error' } as const;

function SubmitBlock({ signing }: { signing: SigningDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const submit = useSubmitSigning();
  const mayWrite = useCan('products:write');
  if (!mayWrite || !isEditable(signing.status)) return null;
  const attached = new Set(signing.documents.map((d) => d.fileTypeId));
  const missing = signing.product.requiredDocs.filter((d) => !attached.has(d.key));
  return (
    <Section title={t('products.signing.submitSection')}>
      <Flex vertical gap={12} align="flex-start">
        {missing.length ? (
          <Alert type="warning" showIcon title={t('products.signing.missingDocs', { names: missing.map((d) => d.name).join('、') })} />
        ) : null}
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={submit.isPending}
          disabled={missing.length > 0}
          onClick={() =>
            modal.confirm({
              title: t('products.signing.submitConfirm'),
              onOk: async () => {
                try {
                  await submit.mutateAsync({ id: signing.id, version: signing.version });
                  void message.success(t('products.signing.submitted'));
                } catch (err) {
                  showSaveError(err, null, message);
                }
              },
            })
          }
        >
          {t('products.signing.submit')}
        </Button>
      </Flex>
    </Section>
  );
}

function DeliveryFacts({ d, signingId }: { d: RiskDelivery; signingId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const retry = useRetryDelivery();
  const isAdmin = useCan('products:admin');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      title={
        <Flex gap={8} align="center">
          <Tag color={DELIVERY_COLORS[d.status]} bordered={false}>
            {t(`products.delivery.status.${d.status}`)}
          </Tag>
          <span>{t(`products.delivery.result.${d.result}`)}</span>
        </Flex>
      }
      extra={
        isAdmin && d.status === 'failed' ? (
          <Button
            icon={<RedoOutlined />}
            loading={retry.isPending}
            onClick={async () => {
              try {
                await retry.mutateAsync({ id: signingId, version: 0 });
                void message.success(t('products.delivery.retried'));
              } catch (err) {
                showSaveError(err, null, message);
              }
            }}
          >
            {t('products.delivery.retry')}
          </Button>
        ) : null
      }
      items={[
        { key: 'attempts', label: t('products.delivery.attempts'), children: d.attempts },
        { key: 'next', label: t('products.delivery.nextAttemptAt'), children: formatDateTime(d.nextAttemptAt) },
        { key: 'delivered', label: t('products.delivery.deliveredAt'), children: formatDateTime(d.deliveredAt) },
        { key: 'error', label: t('products.delivery.lastError'), children: orDash(d.lastError), span: 'filled' },
        { key: 'key', label: t('products.delivery.idempotencyKey'), children: d.idempotencyKey, span: 'filled' },
      ]}
    />
  );
}

/** While a result waits for a configured risk service, the page looks again every few seconds. */
const WATCH_PENDING_MS = 3000;

function RiskDeliverySection({ signing }: { signing: SigningDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const waiting = signing.riskServiceConfigured && signing.riskDeliveries.some((d) => d.status === 'pending');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: SIGNINGS.keys.detail(signing.id) }), WATCH_PENDING_MS);
    return () => clearInterval(timer);
  }, [waiting, queryClient, signing.id]);
  return (
    <Section title={t('products.delivery.title')}>
      <Flex vertical gap={12}>
        {!signing.riskServiceConfigured ? <Alert type="warning" showIcon title={t('products.delivery.notConfigured')} /> : null}
        {signing.riskDeliveries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('products.delivery.none')} />
        ) : (
          signing.riskDeliveries.map((d) => <DeliveryFacts key={d.idempotencyKey} d={d} signingId={signing.id} />)
        )}
      </Flex>
    </Section>
  );
}

export function SigningDetailPage({ extra }: { extra?: SigningDetailExtra }) {
  const { t } = useTranslation();
  const termRange = useTermRange();
  return (
    <RecordDetailPage kind={SIGNINGS} {...detailTexts(t, 'products.signing', (s: SigningDetail) => s.signCode)} extra={extra}>
      {(s) => (
        <>
          <BasicSection
            items={[
              { key: 'code', label: t('products.signing.signCode'), children: s.signCode },
              { key: 'product', label: t('products.signing.product'), children: `${s.productName}（${s.productCode}）` },
              { key: 'kind', label: t('products.field.kind'), children: <ProductKindTag kind={s.productKind} /> },
              { key: 'amount', label: t('products.signing.amount'), children: moneyText(t, s.amount) },
              { key: 'term', label: t('products.signing.termMonths'), children: t('products.monthsValue', { n: s.termMonths }) },
              { key: 'status', label: t('biz.common.status'), children: <StatusTag status={s.status} /> },
              { key: 'purpose', label: t('products.signing.purpose'), children: s.purpose, span: 'filled' },
              {
                key: 'project',
                label: t('products.signing.project'),
                children: s.projectCode ? `${s.projectCode} ${s.projectName ?? ''}` : '—',
              },
              { key: 'contract', label: t('products.signing.contract'), children: orDash(s.contractCode) },
              { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(s.updateTime) },
            ]}
          />
          <Section title={t('products.signing.productSection')}>
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'rate', label: t('products.field.rate'), children: rateRange(s.product) },
                { key: 'term', label: t('products.field.term'), children: termRange(s.product) },
                { key: 'limit', label: t('products.field.limitAmount'), children: moneyText(t, s.product.limitAmount) },
              ]}
            />
          </Section>
          <Section title={t('products.signing.documentsSection')}>
            <Flex vertical gap={12}>
              <RequiredDocsChecklist product={s.product} rows={s.documents} />
              <DocumentsView documents={s.documents} signType={SIGNING_SIGN_TYPE} />
            </Flex>
          </Section>
          <SubmitBlock signing={s} />
          <RiskDeliverySection signing={s} />
        </>
      )}
    </RecordDetailPage>
  );
}
