// Demo column trees of the two portal sites, owned by the platform's operating enterprise (ent-p), whose portal
// administrator (demo-portal-admin, 孙悦) administers them: the group portal (portalWebsite) and the data portal (portalWebsites).
// Runs inside seedDemo's transaction: use only the trx handle here.
import type { Transaction } from 'kysely';
import type { ColumnKind, PortalSite } from '@tfb/contract';
import type { DB } from './types.js';

type SeedColumn = {
  name: string;
  slug: string;
  kind: ColumnKind;
  linkUrl?: string;
  visible?: boolean;
  seo?: string;
  children?: SeedColumn[];
};

const list = (name: string, slug: string, children?: SeedColumn[], seo?: string): SeedColumn => ({
  name,
  slug,
  kind: 'list',
  children,
  seo,
});
const page = (name: string, slug: string, children?: SeedColumn[], seo?: string): SeedColumn => ({
  name,
  slug,
  kind: 'page',
  children,
  seo,
});

const FINANCING_PRODUCTS = [
  page('仓单质押', 'warehouse-receipt-pledge', undefined, '以监管仓单为质押物的存货融资，放款快、额度随货值浮动'),
  page('订单融资', 'order-financing', undefined, '凭核心企业采购订单获得备货资金'),
  page('应收账款融资', 'receivables-financing', undefined, '应收账款转让或质押融资，盘活账期资金'),
];

const TREES: Record<PortalSite, SeedColumn[]> = {
  portalWebsite: [
    { name: '首页', slug: 'home', kind: 'link', linkUrl: '/' },
    list('集团新闻', 'news', [list('集团要闻', 'group-news'), list('媒体报道', 'media-coverage')], '集团新闻 供应链金融 集团动态'),
    list('行业资讯', 'industry', [list('政策法规', 'policies'), list('市场行情', 'market')]),
    list('公告通知', 'notices'),
    list('产品服务', 'products', FINANCING_PRODUCTS, '供应链金融产品：仓单质押、订单融资、应收账款融资'),
    list('视频中心', 'videos', [list('行业视频', 'industry-videos')]),
    { name: '供应链金融创新专题', slug: 'scf-innovation', kind: 'topic', seo: '供应链金融创新实践与案例' },
    page('关于我们', 'about', [page('公司简介', 'profile'), page('联系我们', 'contact')]),
  ],
  portalWebsites: [
    { name: '首页', slug: 'home', kind: 'link', linkUrl: '/' },
    list('数据动态', 'data-news', [list('平台公告', 'platform-notices'), list('数据快讯', 'data-flash')]),
    list('行业资讯', 'industry', [list('大宗商品行情', 'commodities'), list('政策解读', 'policy-reading')]),
    list('产品服务', 'products', [...FINANCING_PRODUCTS, page('供应链数据服务', 'data-services')]),
    list('视频中心', 'videos', [list('行业视频', 'industry-videos'), list('平台操作指南', 'guides')]),
    { name: '数字仓单专题', slug: 'digital-receipts', kind: 'topic', seo: '数字仓单、区块链存证与监管仓数据' },
    { name: '监管政策', slug: 'regulation', kind: 'link', linkUrl: 'https://www.nfra.gov.cn/' },
    page('关于我们', 'about', [
      page('平台简介', 'profile'),
      page('联系我们', 'contact'),
      { ...page('历史沿革', 'history'), visible: false },
    ]),
  ],
};

const OWNER = { enterprise_id: 'ent-p', user_id: 'demo-portal-admin', user_name: 'sunyue' } as const;

export async function seedPortal(trx: Transaction<DB>): Promise<void> {
  for (const site of Object.keys(TREES) as PortalSite[]) {
    await trx.insertInto('portal_column_trees').values({ enterprise_id: OWNER.enterprise_id, site, version: 1 }).execute();
    const insert = async (columns: readonly SeedColumn[], parentId: number | null) => {
      for (const [place, c] of columns.entries()) {
        const row = await trx
          .insertInto('portal_columns')
          .values({
            enterprise_id: OWNER.enterprise_id,
            site,
            parent_id: parentId,
            name: c.name,
            slug: c.slug,
            kind: c.kind,
            link_url: c.linkUrl ?? '',
            sort_order: place,
            visible: c.visible ?? true,
            seo_title: c.seo ? c.name : '',
            seo_description: c.seo ?? '',
            create_user_id: OWNER.user_id,
            create_user_name: OWNER.user_name,
            change_user_id: OWNER.user_id,
            change_user_name: OWNER.user_name,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (c.children) await insert(c.children, row.id);
      }
    };
    await insert(TREES[site], null);
  }
}
