// The detail of one goods entry, read-only, with its pictures and its change history.
import { Empty, Flex, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoodsDetail } from '@tfb/contract';
import { formatQuantity, moneyText, orDash } from '../../../components/business/format';
import { Section } from '../../../components/business/page-shell';
import { BasicSection, RecordDetailPage } from '../../../components/business/record-detail';
import { GOODS_RECORDS } from '../api/goods';

export function GoodsDetailPage() {
  const { t } = useTranslation();
  const heading = (g: GoodsDetail) => ({ title: g.goodsName, separator: ' · ', code: g.goodsNumber });
  return (
    <RecordDetailPage kind={GOODS_RECORDS} title={t('biz.goods.title')} heading={heading}>
      {(g) => (
        <>
          <BasicSection
            items={[
              { key: 'number', label: t('widgets.goods.goodsNumber'), children: g.goodsNumber },
              { key: 'name', label: t('widgets.goods.goodsName'), children: g.goodsName },
              { key: 'category', label: t('biz.goods.category'), children: g.goodsCategoryName },
              { key: 'spec', label: t('widgets.goods.specificationModels'), children: orDash(g.specificationModels) },
              { key: 'unit', label: t('widgets.goods.unit'), children: orDash(g.unit) },
              { key: 'manufacturer', label: t('widgets.goods.manufacturer'), children: orDash(g.manufacturer) },
              { key: 'texture', label: t('widgets.goods.texture'), children: orDash(g.texture) },
              { key: 'weight', label: t('widgets.goods.weight'), children: formatQuantity(g.weight) },
              { key: 'monad', label: t('widgets.goods.monad'), children: orDash(g.monad) },
              {
                key: 'price',
                label: t('widgets.goods.goodsPrice'),
                children: g.goodsPrice === null ? '—' : moneyText(t, g.goodsPrice),
              },
            ]}
          />
          <Section title={t('biz.goods.images')}>
            {g.images.length > 0 ? (
              <Image.PreviewGroup>
                <Flex gap={12} wrap>
                  {g.images.map((img) => (
                    <Image
                      key={img.id}
                      src={img.filePath}
                      alt={img.fileName}
                      width={120}
                      height={120}
                      style={{ objectFit: 'cover', borderRadius: 8 }}
                    />
                  ))}
                </Flex>
              </Image.PreviewGroup>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.goods.noImages')} />
            )}
          </Section>
        </>
      )}
    </RecordDetailPage>
  );
}
