// Small pieces the product screens share: the on/off-shelf tag, the kind tag, the rate and term ranges, and the
// required documents as tags.
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Product, ProductKind, ProductStatus, RequiredDoc } from '@tfb/contract';
import './products.css';

const KIND_COLORS: Record<ProductKind, string> = {
  warehouseReceiptPledge: 'blue',
  orderFinancing: 'cyan',
  receivablesFinancing: 'purple',
  prepaymentFinancing: 'gold',
};

export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'on' ? 'success' : 'default'} bordered={false}>
      {t(`products.status.${status}`)}
    </Tag>
  );
}

export function ProductKindTag({ kind }: { kind: ProductKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={KIND_COLORS[kind]} bordered={false} className="products-kind-tag">
      {t(`products.kind.${kind}`)}
    </Tag>
  );
}

export const rateRange = (p: Pick<Product, 'rateMin' | 'rateMax'>) => `${p.rateMin.toFixed(2)}% – ${p.rateMax.toFixed(2)}%`;

export function useTermRange() {
  const { t } = useTranslation();
  return (p: Pick<Product, 'termMin' | 'termMax'>) => t('products.termRange', { min: p.termMin, max: p.termMax });
}

export function RequiredDocTags({ docs }: { docs: RequiredDoc[] }) {
  const { t } = useTranslation();
  if (docs.length === 0) return <span>{t('products.noRequiredDocs')}</span>;
  return (
    <Flex wrap gap={4}>
      {docs.map((d) => (
        <Tag key={d.key}>{d.name}</Tag>
      ))}
    </Flex>
  );
}
