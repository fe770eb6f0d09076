// One product: its terms, required documents and shelf status; the admin edits it and puts it on or off the shelf,
// and an enterprise with products:write signs it from here when it is on the shelf.
import { EditOutlined, FileDoneOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime, moneyText, orDash } from '../../../components/business/format';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { useRecord } from '../../../components/business/record-api';
import { BasicSection } from '../../../components/business/record-detail';
import { useIdParam } from '../../../components/business/use-id-param';
import { useCan } from '../../../lib/use-can';
import { PRODUCTS, SIGNINGS } from '../api/products';
import { ShelfButton } from './product-list-page';
import { ProductKindTag, ProductStatusTag, RequiredDocTags, rateRange, useTermRange } from './product-parts';

export function ProductDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useRecord(PRODUCTS, id);
  const isAdmin = useCan('products:admin');
  const maySign = useCan('products:write');
  const termRange = useTermRange();
  return (
    <RecordLoader id={id} query={query} title={t('products.detail.title')} backTo={PRODUCTS.paths.list}>
      {(p) => (
        <PageShell
          title={`${p.name} ${p.code}`}
          tags={<ProductStatusTag status={p.status} />}
          backTo={PRODUCTS.paths.list}
          extra={
            <Flex gap={8}>
              {maySign && p.status === 'on' ? (
                <Button type="primary" icon={<FileDoneOutlined />} onClick={() => navigate(`${SIGNINGS.paths.add}?productId=${p.id}`)}>
                  {t('products.detail.sign')}
                </Button>
              ) : null}
              {isAdmin ? (
                <>
                  <ShelfButton product={p} />
                  <Button icon={<EditOutlined />} onClick={() => navigate(PRODUCTS.paths.edit(p.id))}>
                    {t('biz.common.edit')}
                  </Button>
                </>
              ) : null}
            </Flex>
          }
        >
          <BasicSection
            items={[
              { key: 'name', label: t('products.field.name'), children: p.name },
              { key: 'code', label: t('products.field.code'), children: p.code },
              { key: 'kind', label: t('products.field.kind'), children: <ProductKindTag kind={p.kind} /> },
              { key: 'rate', label: t('products.field.rate'), children: rateRange(p) },
              { key: 'term', label: t('products.field.term'), children: termRange(p) },
              { key: 'limit', label: t('products.field.limitAmount'), children: moneyText(t, p.limitAmount) },
              { key: 'status', label: t('products.field.status'), children: <ProductStatusTag status={p.status} /> },
              { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(p.updateTime) },
            ]}
          />
          <Section title={t('products.field.requiredDocs')}>
            <RequiredDocTags docs={p.requiredDocs} />
          </Section>
          <Section title={t('products.field.description')}>
            <Typography.Paragraph>{orDash(p.description)}</Typography.Paragraph>
          </Section>
        </PageShell>
      )}
    </RecordLoader>
  );
}
