// The one permission model of the product: the roles, the actions of each business area, and which roles hold
// which. The server guards every route with it (a route declares the permission it needs, checked before its
// handler); the web derives its menus, buttons and route access from the same table. The stored menu list of
// spec section 6 only narrows what a user sees; it never widens what the server allows.
import { ADMIN_ROLE } from './constants.js';

export const ROLES = [
  'admin',
  'staff',
  'approver',
  'supervisor',
  'warehouse_operator',
  'internal',
  'group',
  'portal_website_admin',
  'portal_websites_admin',
  'portal_website_editor',
  'portal_websites_editor',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES = {
  admin: '系统管理员',
  staff: '业务人员',
  approver: '审批人',
  supervisor: '仓库监管员',
  warehouse_operator: '仓储运营机构',
  internal: '平台内部运营',
  group: '集团用户',
  portal_website_admin: '门户网站管理员',
  portal_websites_admin: '数据门户管理员',
  portal_website_editor: '门户网站编辑',
  portal_websites_editor: '数据门户编辑',
} as const satisfies Record<Role, string>;

export const PERMISSION_AREAS = [
  'orders',
  'projects',
  'contracts',
  'funds',
  'goods',
  'warehouse',
  'customers',
  'products',
  'system',
  'risk',
  'statistics',
  'blockchain',
  'portalWebsite',
  'portalWebsites',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_ACTIONS = ['read', 'write', 'approve', 'admin'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const AREA_NAMES = {
  orders: '订单',
  projects: '项目',
  contracts: '合同',
  funds: '资金（融资与结算）',
  goods: '货品',
  warehouse: '仓储物流',
  customers: '客户与地址',
  products: '产品',
  system: '系统设置',
  risk: '风险',
  statistics: '统计',
  blockchain: '区块链存证',
  portalWebsite: '门户网站内容',
  portalWebsites: '数据门户内容',
} as const satisfies Record<PermissionArea, string>;

export const ACTION_NAMES = {
  read: '查看',
  write: '编辑',
  approve: '审批',
  admin: '管理',
} as const satisfies Record<PermissionAction, string>;

/** The actions each area has: read is viewing, write is creating and changing, approve is completing approval steps, admin is maintaining the area's settings. */
export const AREA_ACTIONS = {
  orders: ['read', 'write'],
  projects: ['read', 'write', 'approve'],
  contracts: ['read', 'write', 'approve'],
  funds: ['read', 'write', 'approve'],
  goods: ['read', 'write', 'admin'],
  warehouse: ['read', 'write'],
  customers: ['read', 'write'],
  // approve: completing the approval steps of an enterprise's product signings (issue 14).
  products: ['read', 'write', 'approve', 'admin'],
  system: ['read', 'admin'],
  risk: ['read', 'admin'],
  statistics: ['read', 'admin'],
  blockchain: ['read'],
  // write: the site's content items (drafts, submitting, withdrawing); approve: publishing them (the approval of a
  // submission, never one's own); admin: the site's structure (its column tree) and media library.
  portalWebsite: ['read', 'write', 'approve', 'admin'],
  portalWebsites: ['read', 'write', 'approve', 'admin'],
} as const satisfies Record<PermissionArea, readonly PermissionAction[]>;

type ActionsOf<A extends PermissionArea> = (typeof AREA_ACTIONS)[A][number];
/** A permission: an area and one of its actions, e.g. `contracts:write`. */
export type Permission = { [A in PermissionArea]: `${A}:${ActionsOf<A>}` }[PermissionArea];

export const PERMISSIONS: readonly Permission[] = PERMISSION_AREAS.flatMap((area) =>
  (AREA_ACTIONS[area] as readonly PermissionAction[]).map((action) => `${area}:${action}` as Permission),
);

/**
 * What a route needs: a permission; a list of permissions of which any one will do (a call serving several areas,
 * such as approval of contracts and of loans, which then checks the area of the record it acts on); `signedIn`
 * (any valid session: the user's own profile, dictionaries, numbering, uploads a form attaches); or `public`
 * (health, entry, sign-in, the web app itself).
 */
export type RouteAccess = Permission | readonly Permission[] | 'signedIn' | 'public';

const rw = <A extends PermissionArea>(area: A) => [`${area}:read`, `${area}:write`] as Permission[];

/** Which roles hold which permissions. The admin role holds every permission. */
export const ROLE_PERMISSIONS = {
  admin: PERMISSIONS,
  staff: [
    ...rw('orders'),
    ...rw('projects'),
    ...rw('contracts'),
    ...rw('funds'),
    ...rw('goods'),
    ...rw('customers'),
    ...rw('products'),
    'warehouse:read',
    'risk:read',
    'statistics:read',
    'blockchain:read',
    'portalWebsite:read',
    'portalWebsites:read',
  ],
  approver: [
    'projects:read',
    'projects:approve',
    'contracts:read',
    'contracts:approve',
    'funds:read',
    'funds:approve',
    'products:read',
    'products:approve',
  ],
  supervisor: ['warehouse:read', 'warehouse:write'],
  warehouse_operator: ['warehouse:read', 'warehouse:write'],
  internal: ['statistics:read', ...rw('portalWebsite'), ...rw('portalWebsites')],
  // Group users see the dashboard only (spec 6); the data portal under it shows their group's figures (issue 13).
  group: ['portalWebsite:read', 'portalWebsites:read'],
  // One administrator per portal site: its content and its structure (the column tree), and nothing else.
  portal_website_admin: [...rw('portalWebsite'), 'portalWebsite:approve', 'portalWebsite:admin'],
  portal_websites_admin: [...rw('portalWebsites'), 'portalWebsites:approve', 'portalWebsites:admin'],
  // One editor per portal site: writes and submits its content items; publishing needs the site's approver.
  portal_website_editor: rw('portalWebsite'),
  portal_websites_editor: rw('portalWebsites'),
} as const satisfies Record<Role, readonly Permission[]>;

const isRole = (r: string): r is Role => (ROLES as readonly string[]).includes(r);

/** Every permission the roles hold together (unknown role names hold nothing). */
export function permissionsOf(roles: readonly string[]): Set<Permission> {
  const out = new Set<Permission>();
  for (const r of roles) if (isRole(r)) for (const p of ROLE_PERMISSIONS[r] as readonly Permission[]) out.add(p);
  return out;
}

/** Whether a user with these roles may do what `access` names. `public` and `signedIn` are for any signed-in user. */
export function can(roles: readonly string[], access: RouteAccess): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  if (roles.includes(ADMIN_ROLE)) return true;
  const wanted: readonly Permission[] = typeof access === 'string' ? [access] : access;
  return roles.some((r) => isRole(r) && wanted.some((p) => (ROLE_PERMISSIONS[r] as readonly Permission[]).includes(p)));
}

/** The roles holding a permission (the `roles` meta of a web route that needs it, spec section 6). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((r) => (ROLE_PERMISSIONS[r] as readonly Permission[]).includes(permission));
}

/** `合同 · 编辑`: the permission as a person reads it. */
export const permissionLabel = (p: Permission): string => {
  const [area, action] = p.split(':') as [PermissionArea, PermissionAction];
  return `${AREA_NAMES[area]} · ${ACTION_NAMES[action]}`;
};

export const PERMISSION_MESSAGES = {
  /** The 403 of a route whose permission the caller lacks: names the permission (or each of the alternatives). */
  denied: (access: Permission | readonly Permission[]) => {
    const wanted: readonly Permission[] = typeof access === 'string' ? [access] : access;
    return `没有权限：需要${wanted.map((p) => `「${permissionLabel(p)}」`).join('或')}权限（${wanted.join(' | ')}）`;
  },
} as const;
