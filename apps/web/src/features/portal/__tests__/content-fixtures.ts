// Content items, rows and the site's column tree as the contract's replies carry them, and the opening of a
// content screen with the portal content calls answered by the test.
import {
  portalPaths,
  type Column,
  type ContentItem,
  type ContentRow,
  type ContentType,
  type PortalSite,
  type SessionUser,
} from '@tfb/contract';
import { mockApi, type ApiHandlers, type MockApi } from '../../../test/mock-api';
import { setupUser, type User } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';

export const SITE: PortalSite = 'portalWebsite';
export const EDITOR = { roles: ['portal_website_admin'] };
export const READER = { roles: ['group'] };

export const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const column = (id: number, name: string, kind: Column['kind'], parentId: number | null = null): Column => ({
  id,
  parentId,
  name,
  slug: `c${id}`,
  kind,
  linkUrl: '',
  sortOrder: id,
  visible: true,
  seoTitle: '',
  seoKeywords: '',
  seoDescription: '',
  version: 1,
  createUserName: '孙悦',
  changeUserName: '孙悦',
  createTime: '2026-11-01 09:00:00',
  updateTime: '2026-11-01 09:00:00',
});

export const COLUMNS: Column[] = [
  column(1, '新闻中心', 'list'),
  column(2, '行业动态', 'list', 1),
  column(3, '关于我们', 'page'),
  column(4, '专题报道', 'topic'),
  column(5, '政策法规', 'list'),
];

export const row = (over: Partial<ContentRow> & Pick<ContentRow, 'id' | 'title'>, type: ContentType = 'article'): ContentRow => ({
  type,
  columnId: 2,
  columnName: '行业动态',
  slotKind: null,
  status: 'draft',
  reviewState: 'none',
  sortOrder: 0,
  goLiveAt: null,
  expireAt: null,
  publishedAt: null,
  version: 1,
  liveVersion: null,
  changeUserName: '孙悦',
  updateTime: '2026-11-02 10:00:00',
  listData: {},
  ...over,
});

export const item = (over: Partial<ContentItem> & Pick<ContentItem, 'id' | 'title'>, type: ContentType = 'article'): ContentItem => {
  const { listData: _, ...base } = row({ id: over.id, title: over.title }, type);
  return {
    ...base,
    draft: {
      title: over.title,
      columnId: 2,
      summary: '',
      cover: null,
      body: doc('正文内容'),
      author: '',
      source: '',
      publishTime: null,
      tags: [],
    },
    live: null,
    rejectReason: '',
    processInstanceId: null,
    submittedVersion: null,
    columns: { '2': '行业动态' },
    media: [],
    createUserName: '孙悦',
    createTime: '2026-11-01 09:00:00',
    ...over,
  };
};

/** The site's tree, and every other call the test answers. */
export function contentApi(handlers: Record<string, unknown> = {}): ApiHandlers {
  return { [portalPaths(SITE).columns]: { GET: () => ({ version: 3, columns: COLUMNS }) }, ...handlers } as ApiHandlers;
}

export function openContent(
  path: string,
  handlers: Record<string, unknown>,
  over: Partial<SessionUser> = EDITOR,
): { api: MockApi; user: User } {
  signIn(over);
  const api = mockApi(contentApi(handlers));
  const user = setupUser();
  renderRoute(path);
  return { api, user };
}
