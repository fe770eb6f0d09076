// Demo enterprises, organisations, warehouses, users, roles, menus, operator accounts and dictionaries.
import crypto from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import {
  AGREEMENT_DATA_PACK_DOC_TYPE,
  CONTRACT_DRAFT_DOC_TYPE,
  CONTRACT_TYPE_NAMES,
  CONTRACT_TYPE_PREFIX,
  CONTRACT_TYPE_SUFFIXES,
  DOCUMENT_TYPE_GROUP,
  TOP_MENU_KEYS,
  WAREHOUSE_OPERATOR_ORG_ID,
  type TopMenuKey,
} from '@tfb/contract';
import { hashPassword } from '../lib/tokens.js';
import type { DB } from './types.js';

export const DEMO_USER_IDS = [
  'demo-a-staff',
  'demo-b-staff',
  'demo-admin',
  'demo-a-approver',
  'demo-a-risk',
  'demo-a-finance',
  'demo-b-approver',
  'demo-b-risk',
  'demo-b-finance',
  'demo-b-manager',
  'demo-internal',
  'demo-group',
  'demo-supervisor',
  'demo-warehouse-operator',
  'demo-portal-admin',
  'demo-portal-editor',
] as const;
export type DemoUserId = (typeof DEMO_USER_IDS)[number];

export const DEMO_ENTERPRISES = [
  { id: 'ent-a', name: '华东金属贸易有限公司', company_id: 'com-a', credit_code: '91310000MA1FL0001A' },
  { id: 'ent-b', name: '北方能源供应链有限公司', company_id: 'com-b', credit_code: '91110000MA1FL0002B' },
  { id: 'ent-c', name: '中储仓储物流有限公司', company_id: 'com-c', credit_code: '91120000MA1FL0003C' },
  { id: 'ent-p', name: '供应链金融服务平台', company_id: 'com-p', credit_code: '91310000MA1FL0009P' },
] as const;

export const MENU_PATHS: Record<TopMenuKey, string> = {
  dashboard: '/portalWebsite/columnsettings',
  orders: '/orders',
  projects: '/projects',
  contracts: '/contracts',
  warehouse: '/warehouse',
  funds: '/funds',
  products: '/products',
  goods: '/goods',
  customers: '/customers',
  system: '/system',
  risk: '/risk',
  statistics: '/statistics',
  blockchain: '/blockchain',
};

const BUSINESS_MENUS: TopMenuKey[] = ['orders', 'projects', 'contracts', 'warehouse', 'funds', 'products', 'goods', 'customers'];
/** Approvers see what they approve: projects, contracts and loan applications (funds). */
const APPROVER_MENUS: TopMenuKey[] = ['projects', 'contracts', 'funds'];

type DemoUser = {
  id: DemoUserId;
  enterprise_id: string;
  org_id: string;
  user_name: string;
  name: string;
  phone: string;
  is_internal?: boolean;
  is_group?: boolean;
  is_supervisor?: boolean;
  warehouse?: boolean;
  roles: string[];
  shown: TopMenuKey[];
  hidden?: TopMenuKey[];
  introduction: string;
};

/** Approver-only users: each approval step of a flow needs a different person who did not submit it. */
function approvers(enterprise_id: string, org_id: string, rows: [DemoUserId, string, string, string, string][]): DemoUser[] {
  return rows.map(([id, user_name, name, phone, introduction]) => ({
    id,
    enterprise_id,
    org_id,
    user_name,
    name,
    phone,
    roles: ['approver'],
    shown: APPROVER_MENUS,
    introduction,
  }));
}

const USERS: DemoUser[] = [
  {
    id: 'demo-a-staff',
    enterprise_id: 'ent-a',
    org_id: 'org-a-trade',
    user_name: 'zhangwei',
    name: '张伟',
    phone: '13800000001',
    // Submits documents for approval; approving is for others (separation of duties).
    roles: ['staff'],
    shown: BUSINESS_MENUS,
    introduction: '华东金属贸易业务部职员',
  },
  {
    id: 'demo-b-staff',
    enterprise_id: 'ent-b',
    org_id: 'org-b-trade',
    user_name: 'lina',
    name: '李娜',
    phone: '13800000002',
    // Staff and approver: approves colleagues' documents, never the ones she submitted herself.
    roles: ['staff', 'approver'],
    shown: ['orders', 'contracts', 'funds', 'goods', 'customers'],
    hidden: ['blockchain'],
    introduction: '北方能源供应链业务部职员',
  },
  {
    id: 'demo-admin',
    enterprise_id: 'ent-a',
    org_id: 'org-a-admin',
    user_name: 'admin',
    name: '系统管理员',
    phone: '13800000000',
    roles: ['admin', 'approver'],
    shown: [...TOP_MENU_KEYS],
    introduction: '系统管理员',
  },
  ...approvers('ent-a', 'org-a-trade', [
    ['demo-a-approver', 'zhoumin', '周敏', '13800000011', '华东金属贸易业务审核'],
    ['demo-a-risk', 'wuhao', '吴昊', '13800000012', '华东金属贸易风控审核'],
    ['demo-a-finance', 'zhengli', '郑丽', '13800000013', '华东金属贸易财务复核'],
  ]),
  ...approvers('ent-b', 'org-b-trade', [
    ['demo-b-approver', 'majun', '马骏', '13800000021', '北方能源供应链业务审核'],
    ['demo-b-risk', 'helin', '何琳', '13800000022', '北方能源供应链风控审核'],
    ['demo-b-finance', 'songtao', '宋涛', '13800000023', '北方能源供应链财务复核'],
    ['demo-b-manager', 'gaozhiyuan', '高志远', '13800000024', '北方能源供应链总经理'],
  ]),
  {
    id: 'demo-internal',
    enterprise_id: 'ent-p',
    org_id: 'org-p-ops',
    user_name: 'wangfang',
    name: '王芳',
    phone: '13800000003',
    is_internal: true,
    roles: ['internal'],
    shown: [...TOP_MENU_KEYS],
    introduction: '平台内部运营人员',
  },
  {
    id: 'demo-group',
    enterprise_id: 'ent-p',
    org_id: 'org-p-group',
    user_name: 'liuyang',
    name: '刘洋',
    phone: '13800000004',
    is_group: true,
    roles: ['group'],
    shown: [...TOP_MENU_KEYS],
    introduction: '集团用户',
  },
  {
    id: 'demo-supervisor',
    enterprise_id: 'ent-a',
    org_id: 'org-a-supervision',
    user_name: 'chenjing',
    name: '陈静',
    phone: '13800000005',
    is_supervisor: true,
    warehouse: true,
    roles: ['supervisor'],
    shown: ['warehouse'],
    introduction: '监管仓库监管员',
  },
  {
    id: 'demo-warehouse-operator',
    enterprise_id: 'ent-a',
    org_id: WAREHOUSE_OPERATOR_ORG_ID,
    user_name: 'zhaolei',
    name: '赵磊',
    phone: '13800000006',
    warehouse: true,
    roles: ['warehouse_operator'],
    shown: ['warehouse'],
    introduction: '仓储运营机构操作员',
  },
];

/** Users added after databases were first seeded: written by their own seed part (seed.ts), on new and already
 * seeded databases alike. */
const PORTAL_USERS: DemoUser[] = [
  {
    id: 'demo-portal-admin',
    enterprise_id: 'ent-p',
    org_id: 'org-p-ops',
    user_name: 'sunyue',
    name: '孙悦',
    phone: '13800000007',
    // Administers both portal sites (one role per site); sees the portal content area only.
    roles: ['portal_website_admin', 'portal_websites_admin'],
    shown: ['dashboard'],
    introduction: '门户网站与数据门户管理员',
  },
  {
    id: 'demo-portal-editor',
    enterprise_id: 'ent-p',
    org_id: 'org-p-ops',
    user_name: 'zhoulan',
    name: '周岚',
    phone: '13800000008',
    // Writes and submits both sites' content; publishing needs the administrator's approval.
    roles: ['portal_website_editor', 'portal_websites_editor'],
    shown: ['dashboard'],
    introduction: '门户网站与数据门户编辑',
  },
];

export const DOCUMENT_TYPES: { key: string; name: string }[] = [
  { key: CONTRACT_DRAFT_DOC_TYPE, name: '合同草稿' },
  { key: AGREEMENT_DATA_PACK_DOC_TYPE, name: '协议合同资料包' },
  { key: 'MLZZHFWPT_DOCTYPE_YYZZ', name: '营业执照' },
  { key: 'MLZZHFWPT_DOCTYPE_FP', name: '发票' },
  { key: 'MLZZHFWPT_DOCTYPE_ZJBG', name: '质检报告' },
  { key: 'MLZZHFWPT_DOCTYPE_CD', name: '仓单' },
  { key: 'MLZZHFWPT_DOCTYPE_QT', name: '其他资料' },
];

/**
 * Operator accounts for the template's /login page (README, Operator accounts). No password is seeded: each comes
 * from its environment variable or, when that is unset, is drawn at random and printed once at the first seed.
 */
export const OPERATOR_ACCOUNTS = [
  { username: 'admin', user_id: 'demo-admin', passwordEnv: 'OPERATOR_ADMIN_PASSWORD' },
  { username: 'operator', user_id: 'demo-a-staff', passwordEnv: 'OPERATOR_PASSWORD' },
] as const;

/** The shortest operator password accepted from the environment. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

export type OperatorPassword = { username: string; user_id: string; password: string; generated: boolean };

/** The operator accounts' passwords: from the environment, or random (24 characters, 144 bits) when unset. */
export function operatorPasswords(env: NodeJS.ProcessEnv = process.env): OperatorPassword[] {
  return OPERATOR_ACCOUNTS.map((a) => {
    const given = env[a.passwordEnv];
    if (given) {
      if (given.length < OPERATOR_PASSWORD_MIN_LENGTH) {
        throw new Error(`${a.passwordEnv} must have at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`);
      }
      return { username: a.username, user_id: a.user_id, password: given, generated: false };
    }
    return { username: a.username, user_id: a.user_id, password: crypto.randomBytes(18).toString('base64url'), generated: true };
  });
}

export async function seedIdentity(trx: Transaction<DB> | Kysely<DB>, passwords: OperatorPassword[]): Promise<void> {
  await trx
    .insertInto('enterprises')
    .values([...DEMO_ENTERPRISES])
    .execute();
  await trx
    .insertInto('organisations')
    .values([
      { id: 'org-a-trade', enterprise_id: 'ent-a', name: '业务部', kind: 'department' },
      { id: 'org-a-admin', enterprise_id: 'ent-a', name: '信息管理部', kind: 'department' },
      { id: 'org-a-supervision', enterprise_id: 'ent-a', name: '仓储监管部', kind: 'department' },
      { id: WAREHOUSE_OPERATOR_ORG_ID, enterprise_id: 'ent-a', name: '仓储运营机构', kind: 'warehouse-operator' },
      { id: 'org-b-trade', enterprise_id: 'ent-b', name: '业务部', kind: 'department' },
      { id: 'org-c-ops', enterprise_id: 'ent-c', name: '仓储运营部', kind: 'department' },
      { id: 'org-p-ops', enterprise_id: 'ent-p', name: '平台运营部', kind: 'department' },
      { id: 'org-p-group', enterprise_id: 'ent-p', name: '集团管理部', kind: 'group' },
    ])
    .execute();
  const warehouses = await trx
    .insertInto('warehouses')
    .values([
      { enterprise_id: 'ent-a', name: '上海宝山监管仓', address: '上海市宝山区长江西路 2188 号' },
      { enterprise_id: 'ent-a', name: '天津港保税监管仓', address: '天津市滨海新区港城大道 66 号' },
      { enterprise_id: 'ent-b', name: '唐山曹妃甸监管仓', address: '河北省唐山市曹妃甸区港兴大街 9 号' },
      { enterprise_id: 'ent-c', name: '武汉阳逻中转仓', address: '湖北省武汉市新洲区阳逻港大道 1 号' },
    ])
    .returning(['id', 'enterprise_id', 'name', 'address'])
    .execute();
  await writeDemoUsers(trx, USERS, warehouses[0]!);
  await trx
    .insertInto('operator_accounts')
    .values(
      await Promise.all(
        passwords.map(async (a) => ({ username: a.username, password_hash: await hashPassword(a.password), user_id: a.user_id })),
      ),
    )
    .execute();

  await trx
    .insertInto('dict_groups')
    .values([
      { name: DOCUMENT_TYPE_GROUP, label: '业务单据类型' },
      { name: 'contractType', label: '合同类型' },
    ])
    .execute();
  await trx
    .insertInto('dict_entries')
    .values([
      ...DOCUMENT_TYPES.map((d, i) => ({ group_name: DOCUMENT_TYPE_GROUP, dict_key: d.key, dict_value_name: d.name, sort: i })),
      ...CONTRACT_TYPE_SUFFIXES.map((s, i) => ({
        group_name: 'contractType',
        dict_key: `${CONTRACT_TYPE_PREFIX}${s}`,
        dict_value_name: CONTRACT_TYPE_NAMES[s],
        sort: i,
      })),
    ])
    .execute();
}

/** The demo's portal administrator and editor (a later seed part: see PORTAL_USERS), unless the database has them. */
export async function seedPortalUsers(trx: Transaction<DB>): Promise<void> {
  const present = new Set(
    (
      await trx
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          PORTAL_USERS.map((u) => u.id),
        )
        .execute()
    ).map((u) => u.id),
  );
  const missing = PORTAL_USERS.filter((u) => !present.has(u.id));
  if (missing.length) await writeDemoUsers(trx, missing);
}

/** Demo users with their roles and stored menus; those with a warehouse get `warehouse`. */
async function writeDemoUsers(trx: Transaction<DB> | Kysely<DB>, users: readonly DemoUser[], warehouse?: { id: number; address: string }) {
  const warehouseOf = (u: DemoUser) => {
    if (!u.warehouse) return null;
    if (!warehouse) throw new Error(`demo user ${u.id} needs a warehouse`);
    return warehouse;
  };
  await insertUsers(
    trx,
    users.map((u) => {
      const w = warehouseOf(u);
      return {
        id: u.id,
        enterprise_id: u.enterprise_id,
        org_id: u.org_id,
        user_name: u.user_name,
        name: u.name,
        phone: u.phone,
        is_internal: u.is_internal ?? false,
        is_group: u.is_group ?? false,
        is_supervisor: u.is_supervisor ?? false,
        warehouse_id: w?.id ?? null,
        storage_address: w?.address ?? null,
        storage_address_id: w ? String(w.id) : null,
        introduction: u.introduction,
        roles: u.roles,
      };
    }),
  );
  await trx
    .insertInto('user_menus')
    .values(
      users.flatMap((u) =>
        TOP_MENU_KEYS.filter((k) => u.shown.includes(k) || u.hidden?.includes(k)).map((k) => ({
          user_id: u.id,
          menu_name: k,
          path: MENU_PATHS[k],
          is_hidden: (u.hidden?.includes(k) ? 0 : 1) as 0 | 1,
          sort: TOP_MENU_KEYS.indexOf(k),
        })),
      ),
    )
    .execute();
}

/** Writes users with their roles (the demo seed's, and the extra users a test needs). */
export async function insertUsers(
  db: Kysely<DB>,
  users: readonly (Insertable<DB['users']> & { roles: readonly string[] })[],
): Promise<void> {
  await db
    .insertInto('users')
    .values(users.map(({ roles: _roles, ...user }) => user))
    .execute();
  await db
    .insertInto('user_roles')
    .values(users.flatMap((u) => u.roles.map((role) => ({ user_id: u.id, role }))))
    .execute();
}

/** The demo's enterprise group: 华东金属 and 北方能源 belong to one group, whose user (刘洋) sees both. */
export const DEMO_GROUP = { id: 'grp-east', name: '华信控股集团', members: ['ent-a', 'ent-b'], user: 'demo-group' } as const;
/** The platform operator's enterprise: its staff see every enterprise's figures. */
export const PLATFORM_ENTERPRISE_ID = 'ent-p';

/** The data scope of the demo (a later seed part): the platform enterprise, the group, its members and its user. */
export async function seedDataScope(trx: Transaction<DB>): Promise<void> {
  await trx.updateTable('enterprises').set({ is_platform: true }).where('id', '=', PLATFORM_ENTERPRISE_ID).execute();
  await trx.insertInto('enterprise_groups').values({ id: DEMO_GROUP.id, name: DEMO_GROUP.name }).execute();
  await trx
    .insertInto('enterprise_group_members')
    .values(DEMO_GROUP.members.map((enterprise_id) => ({ group_id: DEMO_GROUP.id, enterprise_id })))
    .execute();
  await trx.updateTable('users').set({ group_id: DEMO_GROUP.id }).where('id', '=', DEMO_GROUP.user).execute();
}
