// Create and edit a goods entry: its category, name, model, unit, maker, material, weight, count unit and price,
// and its pictures in the image uploader. Labels, rules and messages are the contract's (SaveGoodsBodySchema).
import { Col, Empty, Form, InputNumber, Row, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUANTITY_MAX, SaveGoodsBodySchema, type GoodsDetail, type ImageValue, type SaveGoodsBody } from '@tfb/contract';
import { RecordEditPage } from '../../../components/business/edit-gate';
import { FieldItem } from '../../../components/business/field-item';
import { MoneyInput } from '../../../components/business/form-items';
import { Section } from '../../../components/business/page-shell';
import { RecordFormPage, useRecordForm } from '../../../components/business/record-form';
import { GOODS } from '../../../components/widgets/goods-api';
import { useCategoryTree } from '../../../components/widgets/goods-category-tree';
import { ImageUploader } from '../../../components/widgets/image-uploader';
import { GOODS_SCREENS } from '../goods-screens';

type FormValues = {
  goodsCategoryId: number | null;
  goodsName: string;
  specificationModels: string;
  unit: string;
  manufacturer: string;
  texture: string;
  weight: number | null;
  monad: string;
  goodsPrice: number | null;
  images: ImageValue[];
};

const fields = SaveGoodsBodySchema.shape;
const TEXT_FIELDS = ['specificationModels', 'unit', 'manufacturer', 'texture'] as const;

function GoodsForm({ goods, reload }: { goods: GoodsDetail | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { query: categories, options } = useCategoryTree();
  const state = useRecordForm<FormValues, SaveGoodsBody, GoodsDetail>({
    screens: GOODS_SCREENS,
    endpoint: GOODS,
    record: goods,
    reload,
    toBody: (v) =>
      v.goodsCategoryId === null
        ? null
        : {
            goodsCategoryId: v.goodsCategoryId,
            goodsName: v.goodsName.trim(),
            specificationModels: v.specificationModels.trim(),
            unit: v.unit.trim(),
            manufacturer: v.manufacturer.trim(),
            texture: v.texture.trim(),
            weight: v.weight,
            monad: v.monad.trim(),
            goodsPrice: v.goodsPrice,
            images: v.images.map((img) => img.id),
          },
  });

  const text = (name: (typeof TEXT_FIELDS)[number] | 'monad') => (
    <Col key={name} xs={24} md={12} xl={8}>
      <FieldItem name={name} field={fields[name]} />
    </Col>
  );

  return (
    <RecordFormPage
      state={state}
      title={goods ? t('biz.goods.editTitle', { code: goods.goodsNumber }) : t('biz.goods.createTitle')}
      withSubmit={false}
      initialValues={{
        goodsCategoryId: goods?.goodsCategoryId ?? null,
        goodsName: goods?.goodsName ?? '',
        specificationModels: goods?.specificationModels ?? '',
        unit: goods?.unit ?? '',
        manufacturer: goods?.manufacturer ?? '',
        texture: goods?.texture ?? '',
        weight: goods?.weight ?? null,
        monad: goods?.monad ?? '',
        goodsPrice: goods?.goodsPrice ?? null,
        images: goods?.images ?? [],
      }}
    >
      <Section title={t('biz.section.basic')}>
        <Row gutter={24}>
          <Col xs={24} md={12} xl={8}>
            <FieldItem
              name="goodsCategoryId"
              field={fields.goodsCategoryId}
              input={() => (
                <TreeSelect
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  loading={categories.isPending}
                  treeData={options}
                  placeholder={t('biz.goods.categoryPlaceholder')}
                  notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                  popupMatchSelectWidth={false}
                />
              )}
            />
          </Col>
          <Col xs={24} md={12} xl={8}>
            <FieldItem name="goodsName" field={fields.goodsName} />
          </Col>
          {TEXT_FIELDS.map((name) => text(name))}
          <Col xs={24} md={12} xl={8}>
            <FieldItem
              name="weight"
              field={fields.weight}
              input={() => <InputNumber<number> min={0} max={QUANTITY_MAX} precision={3} style={{ width: '100%' }} />}
            />
          </Col>
          {text('monad')}
          <Col xs={24} md={12} xl={8}>
            <FieldItem name="goodsPrice" field={fields.goodsPrice} input={() => <MoneyInput />} />
          </Col>
        </Row>
      </Section>
      <Section title={t('biz.goods.images')}>
        <Form.Item name="images">
          <ImageUploader />
        </Form.Item>
      </Section>
    </RecordFormPage>
  );
}

export function GoodsCreatePage() {
  return <GoodsForm goods={null} />;
}

export function GoodsEditPage() {
  const { t } = useTranslation();
  return (
    <RecordEditPage<GoodsDetail> screens={GOODS_SCREENS} endpoint={GOODS} title={(g) => t('biz.goods.editTitle', { code: g?.goodsNumber ?? '' })}>
      {(g, reload) => <GoodsForm goods={g} reload={reload} />}
    </RecordEditPage>
  );
}
