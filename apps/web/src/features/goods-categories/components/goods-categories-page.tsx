// 货品分类 (/goods/categories, P30): the enterprise's goods category tree, searchable and virtual (thousands of
// nodes), with a side panel to add, rename, move, disable/enable and delete the selected category. Every change is
// one server call against the version the tree was read at; the tree is then read again (the goods picker's one
// category list), a stale version offers a reload, and a refusal (a category in use, a cycle, a taken name) shows
// the server's words. Dragging a category onto another (or between two) moves it.
import { DeleteOutlined, PlusOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tag,
  Tree,
  TreeSelect,
  Typography,
  type FormInstance,
  type TreeDataNode,
  type TreeProps,
} from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  AddGoodsCategoryBodySchema,
  GOODS_CATEGORY_MESSAGES,
  buildCategoryTree,
  type GoodsCategory,
  type GoodsCategoryNode,
} from '@tfb/contract';
import { StaleVersionAlert } from '../../../components/business/stale-version';
import { PageTitle } from '../../../components/page-title';
import { goodsCategoriesQueryOptions } from '../../../components/widgets/goods-api';
import { ApiError } from '../../../lib/api-client';
import { contractMessage, fieldRules } from '../../../lib/form-rules';
import { addCategory, deleteCategory, moveCategory, refetchCategories, renameCategory, setCategoryDisabled } from '../api/goods-categories';

const TREE_HEIGHT = 560;
const fields = AddGoodsCategoryBodySchema.shape;

/** The contract's rules of a name or code field, with its required message (the fields carry no metadata). */
const rulesOf = (t: TFunction, field: 'goodsCategoryName' | 'goodsCategoryCode') => [
  {
    required: true,
    whitespace: true,
    message: contractMessage(
      t,
      field === 'goodsCategoryName' ? GOODS_CATEGORY_MESSAGES.nameRequired : GOODS_CATEGORY_MESSAGES.codeRequired,
    ),
  },
  ...fieldRules(fields[field], t),
];

/** The server's refusal in the current language (the in-use refusal carries its counts). */
function refusalText(t: TFunction, message: string): string {
  const inUse = /^该分类下有 (\d+) 个货品、(\d+) 个子分类，不能删除$/.exec(message);
  if (inUse) return t('goodsCategories.inUse', { goods: Number(inUse[1]), children: Number(inUse[2]) });
  return contractMessage(t, message);
}

type ParentOption = { value: number; title: string; children?: ParentOption[] };

/** The tree as parent choices, leaving out the subtree of `exclude` (a category cannot move under itself). */
const parentOptions = (nodes: readonly GoodsCategoryNode[], exclude?: number): ParentOption[] =>
  nodes
    .filter((n) => n.id !== exclude)
    .map((n) => {
      const children = parentOptions(n.children, exclude);
      return { value: n.id, title: n.goodsCategoryName, ...(children.length ? { children } : {}) };
    });

/** The nodes whose name or code holds `term`, with their ancestors (all of them when there is no term). */
function filterTree(nodes: readonly GoodsCategoryNode[], term: string): GoodsCategoryNode[] {
  if (!term) return [...nodes];
  const out: GoodsCategoryNode[] = [];
  for (const n of nodes) {
    const hit = n.goodsCategoryName.toLowerCase().includes(term) || n.goodsCategoryCode.toLowerCase().includes(term);
    const children = filterTree(n.children, term);
    if (hit || children.length) out.push({ ...n, children: hit && !children.length ? n.children : children });
  }
  return out;
}

export function GoodsCategoriesPage() {
  const { t } = useTranslation();
  const query = useQuery(goodsCategoriesQueryOptions());
  const title = t('route.goods.categories');
  if (query.isPending) {
    return (
      <Card variant="borderless" className="page-card" title={<PageTitle>{title}</PageTitle>}>
        <Skeleton active />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card variant="borderless" className="page-card" title={<PageTitle>{title}</PageTitle>}>
        <Alert type="error" showIcon message={query.error instanceof ApiError ? query.error.message : t('goodsCategories.loadFailed')} />
      </Card>
    );
  }
  return <CategoryEditor list={query.data} />;
}

function CategoryEditor({ list }: { list: readonly GoodsCategory[] }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [busy, setBusy] = useState(false);

  const byId = useMemo(() => new Map(list.map((c) => [c.id, c])), [list]);
  const roots = useMemo(() => buildCategoryTree(list), [list]);
  const term = search.trim().toLowerCase();
  const shown = useMemo(() => filterTree(roots, term), [roots, term]);
  const treeData = useMemo(() => {
    const toNodes = (nodes: readonly GoodsCategoryNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <Space size={6}>
            <span>{n.goodsCategoryName}</span>
            <Typography.Text type="secondary">{n.goodsCategoryCode}</Typography.Text>
            {n.disabled ? <Tag color="default">{t('goodsCategories.disabled')}</Tag> : null}
          </Space>
        ),
        isLeaf: n.children.length === 0,
        children: n.children.length ? toNodes(n.children) : undefined,
      }));
    return toNodes(shown);
  }, [shown, t]);
  // While searching, every branch that holds a match is open.
  const searchExpanded = useMemo(() => {
    if (!term) return null;
    const keys: number[] = [];
    const walk = (nodes: readonly GoodsCategoryNode[]) =>
      nodes.forEach((n) => {
        if (n.children.length) {
          keys.push(n.id);
          walk(n.children);
        }
      });
    walk(shown);
    return keys;
  }, [shown, term]);

  const selected = selectedId === null ? undefined : byId.get(selectedId);
  const pathOf = (c: GoodsCategory): string => {
    const names: string[] = [];
    for (let at: GoodsCategory | undefined = c; at; at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      names.unshift(at.goodsCategoryName);
    }
    return names.join(' / ');
  };

  /** Runs one change; `form` takes the field errors it has a field for, anything else shows above the tree. */
  const run = async <T,>(change: () => Promise<T>, done: string, form?: FormInstance): Promise<T | undefined> => {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await change();
      await refetchCategories(client);
      void message.success(done);
      return result;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.message === GOODS_CATEGORY_MESSAGES.stale) setStale(true);
      else if (err instanceof ApiError) {
        const named = form ? err.fieldErrors.filter((e) => form.getFieldInstance(e.field) !== undefined) : [];
        if (form && named.length) form.setFields(named.map((e) => ({ name: e.field, errors: [contractMessage(t, e.message)] })));
        else if (!err.handled) setRefusal(refusalText(t, err.message));
      } else setRefusal(String(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  /** Selects a category and opens the branches above it (its parent, at least, is in `list` already). */
  const reveal = (c: GoodsCategory) => {
    setSelectedId(c.id);
    const above: number[] = [];
    for (let p = c.parentId; p !== null; p = byId.get(p)?.parentId ?? null) above.push(p);
    if (above.length) setExpanded((keys) => [...new Set([...keys, ...above])]);
  };

  const reload = () => {
    setReloading(true);
    void refetchCategories(client).finally(() => {
      setReloading(false);
      setStale(false);
    });
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = byId.get(Number(info.dragNode.key));
    const target = byId.get(Number(info.node.key));
    if (!dragged || !target) return;
    if (!info.dropToGap) {
      void run(() => moveCategory(dragged, { parentId: target.id, index: 0 }), t('goodsCategories.moved'));
      return;
    }
    // Between two categories: among the target's siblings, before or after it.
    const pos = info.node.pos.split('-');
    const after = info.dropPosition - Number(pos[pos.length - 1]) !== -1;
    const siblings = list.filter((c) => c.parentId === target.parentId && c.id !== dragged.id);
    const index = siblings.findIndex((c) => c.id === target.id) + (after ? 1 : 0);
    void run(() => moveCategory(dragged, { parentId: target.parentId, index }), t('goodsCategories.moved'));
  };

  return (
    <Card
      variant="borderless"
      className="page-card"
      title={
        <Flex align="center" gap={8}>
          <PageTitle>{t('route.goods.categories')}</PageTitle>
          <Typography.Text type="secondary">{t('goodsCategories.count', { count: list.length })}</Typography.Text>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {stale ? (
          <StaleVersionAlert message={contractMessage(t, GOODS_CATEGORY_MESSAGES.stale)} onReload={reload} reloading={reloading} />
        ) : null}
        {refusal ? <Alert type="error" showIcon role="alert" message={refusal} closable onClose={() => setRefusal(null)} /> : null}
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12}>
            <Flex vertical gap={8}>
              <Input.Search
                allowClear
                placeholder={t('goodsCategories.search')}
                aria-label={t('goodsCategories.search')}
                onSearch={setSearch}
                onChange={(e) => (e.target.value === '' ? setSearch('') : undefined)}
              />
              <Typography.Text type="secondary">{t('goodsCategories.dragHint')}</Typography.Text>
              {shown.length === 0 ? (
                <Empty description={t(term ? 'goodsCategories.noMatch' : 'goodsCategories.empty')} />
              ) : (
                <Tree
                  aria-label={t('goodsCategories.tree')}
                  virtual
                  height={TREE_HEIGHT}
                  blockNode
                  showLine
                  draggable={term ? false : { icon: false }}
                  treeData={treeData}
                  expandedKeys={searchExpanded ?? expanded}
                  onExpand={(keys) => setExpanded(keys)}
                  selectedKeys={selected ? [selected.id] : []}
                  onSelect={(keys) => {
                    setRefusal(null);
                    setSelectedId(keys.length ? Number(keys[0]) : null);
                  }}
                  onDrop={onDrop}
                />
              )}
            </Flex>
          </Col>
          <Col xs={24} lg={12}>
            <Flex vertical gap={16}>
              {selected ? (
                <SelectedPanel
                  key={`${selected.id}:${selected.version}`}
                  category={selected}
                  path={pathOf(selected)}
                  roots={roots}
                  busy={busy}
                  run={run}
                  onDeleted={() => setSelectedId(null)}
                />
              ) : (
                <Card size="small">
                  <Empty description={t('goodsCategories.noSelection')} />
                </Card>
              )}
              <AddPanel key={selected?.id ?? 'top'} parentId={selected?.id ?? null} roots={roots} busy={busy} run={run} onAdded={reveal} />
            </Flex>
          </Col>
        </Row>
      </Flex>
    </Card>
  );
}

type Run = <T>(change: () => Promise<T>, done: string, form?: FormInstance) => Promise<T | undefined>;

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

function SelectedPanel(props: {
  category: GoodsCategory;
  path: string;
  roots: readonly GoodsCategoryNode[];
  busy: boolean;
  run: Run;
  onDeleted: () => void;
}) {
  const { category: c, path, roots, busy, run, onDeleted } = props;
  const { t } = useTranslation();
  const [renameForm] = Form.useForm<{ goodsCategoryName: string }>();
  const [moveForm] = Form.useForm<{ parentId?: number }>();
  const options = useMemo(() => parentOptions(roots, c.id), [roots, c.id]);

  return (
    <Card size="small" title={c.goodsCategoryName}>
      <Flex vertical gap={16}>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('goodsCategories.code')}>{c.goodsCategoryCode}</Descriptions.Item>
          <Descriptions.Item label={t('goodsCategories.path')}>{path}</Descriptions.Item>
          <Descriptions.Item label={t('goodsCategories.status')}>
            {c.disabled ? <Tag>{t('goodsCategories.disabled')}</Tag> : <Tag color="green">{t('goodsCategories.enabled')}</Tag>}
          </Descriptions.Item>
        </Descriptions>

        <PanelSection title={t('goodsCategories.rename')}>
          <Form
            form={renameForm}
            name="renameCategory"
            layout="inline"
            initialValues={{ goodsCategoryName: c.goodsCategoryName }}
            onFinish={(v) => void run(() => renameCategory(c, v.goodsCategoryName.trim()), t('goodsCategories.renamed'), renameForm)}
          >
            <Form.Item name="goodsCategoryName" label={t('goodsCategories.name')} rules={rulesOf(t, 'goodsCategoryName')}>
              <Input maxLength={50} />
            </Form.Item>
            <Button htmlType="submit" loading={busy}>
              {t('goodsCategories.renameSubmit')}
            </Button>
          </Form>
        </PanelSection>

        <PanelSection title={t('goodsCategories.move')}>
          <Form
            form={moveForm}
            name="moveCategory"
            layout="inline"
            initialValues={{ parentId: c.parentId ?? undefined }}
            onFinish={(v) => void run(() => moveCategory(c, { parentId: v.parentId ?? null }), t('goodsCategories.moved'), moveForm)}
          >
            <Form.Item name="parentId" label={t('goodsCategories.parent')} style={{ minWidth: 260 }}>
              <TreeSelect
                allowClear
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={options}
                placeholder={t('goodsCategories.topLevel')}
                popupMatchSelectWidth={false}
                virtual
                listHeight={320}
              />
            </Form.Item>
            <Button htmlType="submit" loading={busy}>
              {t('goodsCategories.moveSubmit')}
            </Button>
          </Form>
        </PanelSection>

        <Space wrap>
          {c.disabled ? (
            <Button
              icon={<CheckCircleOutlined />}
              loading={busy}
              onClick={() => void run(() => setCategoryDisabled(c, false), t('goodsCategories.enabledDone'))}
            >
              {t('goodsCategories.enable')}
            </Button>
          ) : (
            <Button
              icon={<StopOutlined />}
              loading={busy}
              onClick={() => void run(() => setCategoryDisabled(c, true), t('goodsCategories.disabledDone'))}
            >
              {t('goodsCategories.disable')}
            </Button>
          )}
          <Popconfirm
            title={t('goodsCategories.deleteConfirm', { name: c.goodsCategoryName })}
            onConfirm={async () => {
              if (await run(() => deleteCategory(c), t('goodsCategories.deleted'))) onDeleted();
            }}
          >
            <Button danger icon={<DeleteOutlined />} loading={busy}>
              {t('goodsCategories.delete')}
            </Button>
          </Popconfirm>
        </Space>
        {c.disabled ? <Typography.Text type="secondary">{t('goodsCategories.disabledHint')}</Typography.Text> : null}
      </Flex>
    </Card>
  );
}

type AddValues = { parentId?: number; goodsCategoryCode: string; goodsCategoryName: string };

function AddPanel(props: {
  parentId: number | null;
  roots: readonly GoodsCategoryNode[];
  busy: boolean;
  run: Run;
  onAdded: (c: GoodsCategory) => void;
}) {
  const { parentId, roots, busy, run, onAdded } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const options = useMemo(() => parentOptions(roots), [roots]);
  return (
    <Card size="small" title={t('goodsCategories.add')}>
      <Form
        form={form}
        name="addCategory"
        layout="vertical"
        aria-label={t('goodsCategories.add')}
        initialValues={{ parentId: parentId ?? undefined, goodsCategoryCode: '', goodsCategoryName: '' }}
        onFinish={async (v) => {
          const body = {
            parentId: v.parentId ?? null,
            goodsCategoryCode: v.goodsCategoryCode.trim(),
            goodsCategoryName: v.goodsCategoryName.trim(),
          };
          const added = await run(() => addCategory(body), t('goodsCategories.added'), form);
          if (added) {
            form.setFieldsValue({ goodsCategoryCode: '', goodsCategoryName: '' });
            onAdded(added);
          }
        }}
      >
        <Form.Item name="parentId" label={t('goodsCategories.parent')}>
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeData={options}
            placeholder={t('goodsCategories.topLevel')}
            popupMatchSelectWidth={false}
            virtual
            listHeight={320}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="goodsCategoryCode" label={t('goodsCategories.code')} rules={rulesOf(t, 'goodsCategoryCode')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="goodsCategoryName" label={t('goodsCategories.name')} rules={rulesOf(t, 'goodsCategoryName')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy}>
          {t('goodsCategories.addSubmit')}
        </Button>
      </Form>
    </Card>
  );
}
