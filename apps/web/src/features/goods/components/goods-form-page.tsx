// Create and edit a goods entry: its category, name, model, unit, maker, material, weight, count unit and price,
// and its pictures in the image uploader. Labels, rules and messages are the contract's (SaveGoodsBodySchema).
import { Empty, Form, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUANTITY_MAX, SaveGoodsBodySchema, type GoodsDetail, type ImageValue, type SaveGoodsBody } from '@tfb/contract';
import { FieldItem } from '../../../components/business/field-item';
import { MoneyInput } from '../../../components/business/form-items';
import { Section } from '../../../components/business/page-shell';
import {
  FormSection,
  RecordFormPage,
  recordFormPages,
  recordValues,
  useRecordForm,
  type RecordFormProps,
} from '../../../components/business/record-form';
import { useCategoryTree } from '../../../components/widgets/goods-category-tree';
import { ImageUploader } from '../../../components/widgets/image-uploader';
import { GOODS_RECORDS } from '../api/goods';

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

function GoodsForm({ record: goods, reload }: RecordFormProps<GoodsDetail>) {
  const { t } = useTranslation();
  const { query: categories, options } = useCategoryTree();
  const state = useRecordForm<FormValues, SaveGoodsBody, GoodsDetail>({
    kind: GOODS_RECORDS,
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

  return (
    <RecordFormPage
      state={state}
      title={goods ? t('biz.goods.editTitle', { code: goods.goodsNumber }) : t('biz.goods.createTitle')}
      withSubmit={false}
      initialValues={recordValues(goods, {
        goodsCategoryId: null,
        goodsName: '',
        specificationModels: '',
        unit: '',
        manufacturer: '',
        texture: '',
        weight: null,
        monad: '',
        goodsPrice: null,
        images: [],
      })}
    >
      <FormSection>
        <FieldItem
          span="third"
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
        <FieldItem span="third" name="goodsName" field={fields.goodsName} />
        <FieldItem span="third" name="specificationModels" field={fields.specificationModels} />
        <FieldItem span="third" name="unit" field={fields.unit} />
        <FieldItem span="third" name="manufacturer" field={fields.manufacturer} />
        <FieldItem span="third" name="texture" field={fields.texture} />
        <FieldItem
          span="third"
          name="weight"
          field={fields.weight}
          input={() => <InputNumber<number> min={0} max={QUANTITY_MAX} precision={3} style={{ width: '100%' }} />}
        />
        <FieldItem span="third" name="monad" field={fields.monad} />
        <FieldItem span="third" name="goodsPrice" field={fields.goodsPrice} input={() => <MoneyInput />} />
      </FormSection>
      <Section title={t('biz.goods.images')}>
        <Form.Item name="images">
          <ImageUploader />
        </Form.Item>
      </Section>
    </RecordFormPage>
  );
}

export const { CreatePage: GoodsCreatePage, EditPage: GoodsEditPage } = recordFormPages(GOODS_RECORDS, GoodsForm, (t, g) =>
  t('biz.goods.editTitle', { code: g?.goodsNumber ?? '' }),
);
