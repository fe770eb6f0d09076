// The goods catalogue: a category tree beside a paged, searchable goods list (listMlzGoodsByGoodsId), and the
// create/edit form (with the goods' pictures in the image uploader) and detail of one goods entry.
import { EditOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Spin,
  Tree,
  TreeSelect,
  Typography,
  type TableColumnsType,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DEFAULT_GOODS_CATEGORY_KEY,
  MESSAGES,
  MONEY_MAX,
  QUANTITY_MAX,
  SaveGoodsBodySchema,
  type Goods,
  type GoodsDetail,
  type ImageValue,
} from '@tfb/contract';
import { schemaRule } from '../../../lib/form-rules';
import { DetailTabs } from '../../../components/business/audit-trail';
import { FormActions } from '../../../components/business/form-actions';
import { formatMoney, formatQuantity, orDash } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { showSaveError } from '../../../components/business/save-error';
import { refOf, useStaleVersion } from '../../../components/business/stale-version';
import { useIdParam } from '../../../components/business/use-id-param';
import { ImageUploader } from '../../../components/widgets/image-uploader';
import { GOODS_SCREEN_PATHS } from '../api/keys';
import { useGoods } from '../api/get-goods';
import { useGoodsList } from '../api/get-goods-list';
import { useSaveGoods } from '../api/save-goods';
import { useCategoryTree } from './category-tree';
import { useCan } from '../../../lib/use-can';

type Filters = { name?: string; goodsCategoryId?: number };
type SearchValues = { keyword?: string };

function CategoryFilter({ value, onChange }: { value: string; onChange: (key: string) => void }) {
  const { t } = useTranslation();
  const { query, treeData } = useCategoryTree();
  const data = useMemo<TreeDataNode[]>(() => [{ key: DEFAULT_GOODS_CATEGORY_KEY, title: t('widgets.goods.all'), children: treeData }], [treeData, t]);
  return (
    <>
      <Typography.Text strong className="biz-goods__tree-title">
        {t('biz.goods.categories')}
      </Typography.Text>
      {query.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : (
        <Tree
          virtual
          height={560}
          blockNode
          showLine
          treeData={data}
          defaultExpandedKeys={[DEFAULT_GOODS_CATEGORY_KEY]}
          selectedKeys={[value]}
          onSelect={(keys) => {
            const key = keys[0];
            if (key !== undefined) onChange(String(key));
          }}
        />
      )}
    </>
  );
}

export function GoodsCatalogueListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('goods:write');
  const list = useListState<Filters>({});
  const [categoryKey, setCategoryKey] = useState<string>(DEFAULT_GOODS_CATEGORY_KEY);
  const query = useGoodsList({ ...list.page, ...list.filters });
  const columns: TableColumnsType<Goods> = [
    {
      title: t('widgets.goods.goodsNumber'),
      dataIndex: 'goodsNumber',
      width: 140,
      fixed: 'left',
      render: (s: string, g) => (
        <Typography.Link className="biz-cell__code" onClick={() => navigate(GOODS_SCREEN_PATHS.detail(g.id))}>
          {s}
        </Typography.Link>
      ),
    },
    {
      title: `${t('widgets.goods.goodsName')} / ${t('widgets.goods.specificationModels')}`,
      key: 'name',
      ellipsis: true,
      render: (_, g) => (
        <Flex vertical gap={2}>
          <Typography.Text ellipsis>{g.goodsName}</Typography.Text>
          <Typography.Text type="secondary" className="biz-cell__sub" ellipsis>
            {[g.specificationModels, g.texture].filter(Boolean).join(' · ') || '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('widgets.goods.unit'), dataIndex: 'unit', width: 56, render: orDash },
    { title: t('widgets.goods.manufacturer'), dataIndex: 'manufacturer', width: 150, ellipsis: true, render: orDash },
    { title: t('widgets.goods.weight'), dataIndex: 'weight', width: 76, align: 'right', render: formatQuantity },
    { title: t('widgets.goods.monad'), dataIndex: 'monad', width: 76, render: orDash },
    { title: t('widgets.goods.goodsPrice'), dataIndex: 'goodsPrice', width: 100, align: 'right', render: formatMoney },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 104,
      fixed: 'right',
      render: (_, g) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(GOODS_SCREEN_PATHS.detail(g.id))}>
            {t('biz.common.view')}
          </Button>
          {canWrite ? (
            <Button type="link" size="small" onClick={() => navigate(GOODS_SCREEN_PATHS.edit(g.id))}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <ListPage<Goods, SearchValues>
      title={t('biz.goods.title')}
      subtitle={t('biz.goods.subtitle')}
      entityName={t('biz.goods.entity')}
      createLabel={t('biz.goods.create')}
      onCreate={canWrite ? () => navigate(GOODS_SCREEN_PATHS.add) : undefined}
      searchPlaceholder={t('biz.goods.searchPlaceholder')}
      statusFilter={false}
      onSearch={(v) => list.setFilters({ ...list.filters, name: keywordOf(v.keyword) })}
      aside={
        <CategoryFilter
          value={categoryKey}
          onChange={(key) => {
            setCategoryKey(key);
            list.setFilters({ ...list.filters, goodsCategoryId: key === DEFAULT_GOODS_CATEGORY_KEY ? undefined : Number(key) });
          }}
        />
      }
      query={query}
      list={list}
      columns={columns}
      rowKey={(g) => g.id}
      scrollX={880}
    />
  );
}

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

function GoodsForm({ goods, reload }: { goods: GoodsDetail | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveGoods();
  const stale = useStaleVersion(reload ?? (() => Promise.resolve()));
  const [saving, setSaving] = useState(false);
  const { query: categories, options } = useCategoryTree();

  const onSave = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (v.goodsCategoryId === null) return;
    setSaving(true);
    try {
      const saved = await save.mutateAsync({
        ...refOf(goods),
        body: {
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
      void message.success(goods ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(GOODS_SCREEN_PATHS.detail(saved.id), { replace: true });
    } catch (err) {
      if (!stale.caught(err)) showSaveError(err, form, message);
    } finally {
      setSaving(false);
    }
  };

  const text = (name: keyof FormValues, label: string, max: number) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item name={name} label={label}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );

  return (
    <PageShell
      title={goods ? t('biz.goods.editTitle', { code: goods.goodsNumber }) : t('biz.goods.createTitle')}
      backTo={goods ? GOODS_SCREEN_PATHS.detail(goods.id) : GOODS_SCREEN_PATHS.list}
      footer={
        <FormActions
          withSubmit={false}
          saving={saving ? 'draft' : null}
          onCancel={() => navigate(goods ? GOODS_SCREEN_PATHS.detail(goods.id) : GOODS_SCREEN_PATHS.list)}
          onSave={() => void onSave()}
        />
      }
    >
      {stale.alert}
      <Form<FormValues>
        form={form}
        layout="vertical"
        scrollToFirstError
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
              <Form.Item name="goodsCategoryId" label={t('biz.goods.category')} rules={[{ required: true, message: t('biz.goods.categoryRequired') }]}>
                <TreeSelect
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  loading={categories.isPending}
                  treeData={options}
                  placeholder={t('biz.goods.categoryPlaceholder')}
                  notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                  popupMatchSelectWidth={false}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="goodsName" label={t('widgets.goods.goodsName')} rules={[{ required: true, whitespace: true, message: t('biz.goods.nameRequired') }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            {text('specificationModels', t('widgets.goods.specificationModels'), 100)}
            {text('unit', t('widgets.goods.unit'), 20)}
            {text('manufacturer', t('widgets.goods.manufacturer'), 100)}
            {text('texture', t('widgets.goods.texture'), 50)}
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="weight" label={t('widgets.goods.weight')} rules={[schemaRule(SaveGoodsBodySchema.shape.weight)]}>
                <InputNumber<number> min={0} max={QUANTITY_MAX} precision={3} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {text('monad', t('widgets.goods.monad'), 20)}
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="goodsPrice" label={t('widgets.goods.goodsPrice')} rules={[schemaRule(SaveGoodsBodySchema.shape.goodsPrice)]}>
                <InputNumber<number> min={0} max={MONEY_MAX} precision={2} style={{ width: '100%' }} suffix={t('biz.common.yuan')} />
              </Form.Item>
            </Col>
          </Row>
        </Section>
        <Section title={t('biz.goods.images')}>
          <Form.Item name="images">
            <ImageUploader />
          </Form.Item>
        </Section>
      </Form>
    </PageShell>
  );
}

export function GoodsCreatePage() {
  return <GoodsForm goods={null} />;
}

export function GoodsEditPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const query = useGoods(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.goods.editTitle', { code: '' })} backTo={GOODS_SCREEN_PATHS.list}>
      {(g) => <GoodsForm key={`${g.id}:${g.version}`} reload={query.refetch} goods={g} />}
    </RecordLoader>
  );
}

export function GoodsDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('goods:write');
  const id = useIdParam();
  const query = useGoods(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.goods.title')} backTo={GOODS_SCREEN_PATHS.list}>
      {(g) => (
        <PageShell
          title={`${g.goodsName} · ${g.goodsNumber}`}
          backTo={GOODS_SCREEN_PATHS.list}
          extra={
            canWrite ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(GOODS_SCREEN_PATHS.edit(g.id))}>
                {t('biz.common.edit')}
              </Button>
            ) : null
          }
        >
          <DetailTabs entity="goods" id={g.id}>
            <Section title={t('biz.section.basic')}>
              <Descriptions
                bordered
                size="small"
                column={{ xs: 1, md: 2, xl: 3 }}
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
                  { key: 'price', label: t('widgets.goods.goodsPrice'), children: g.goodsPrice === null ? '—' : `${formatMoney(g.goodsPrice)} ${t('biz.common.yuan')}` },
                ]}
              />
            </Section>
            <Section title={t('biz.goods.images')}>
              {g.images.length > 0 ? (
                <Image.PreviewGroup>
                  <Flex gap={12} wrap>
                    {g.images.map((img) => (
                      <Image key={img.id} src={img.filePath} alt={img.fileName} width={120} height={120} style={{ objectFit: 'cover', borderRadius: 8 }} />
                    ))}
                  </Flex>
                </Image.PreviewGroup>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.goods.noImages')} />
              )}
            </Section>
          </DetailTabs>
        </PageShell>
      )}
    </RecordLoader>
  );
}
