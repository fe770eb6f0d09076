// Demo data of issue 14's customer screens: each business enterprise's counterparties (its customers, suppliers and
// first logistics company, the same names its contracts, orders and risk warnings use) with valid unified social
// credit codes, contacts and bank accounts; and projects in approval (waiting at 业务审核, approved, rejected), so
// /customers/enterprises and /projects/approval show real rows on a fresh database.
import type { Insertable, Transaction } from 'kysely';
import { PROCESS_TASKS, orgCodeCheckChar, usccCheckChar } from '@tfb/contract';
import type { DB } from './types.js';
import { PROFILES } from './seed-business.js';

/** Region codes and names (GB/T 2260) the codes' positions 3–8 and the addresses use. */
type Region = { codes: [string, string, string]; names: [string, string, string]; street: string; keys: string[] };
const REGIONS: Region[] = [
  { codes: ['310000', '310100', '310115'], names: ['上海市', '市辖区', '浦东新区'], street: '张杨路', keys: ['上海'] },
  {
    codes: ['320000', '320500', '320582'],
    names: ['江苏省', '苏州市', '张家港市'],
    street: '沙洲西路',
    keys: ['江苏', '苏州', '沙钢', '常州', '无锡', '南京', '南通'],
  },
  {
    codes: ['330000', '330200', '330206'],
    names: ['浙江省', '宁波市', '北仑区'],
    street: '明州路',
    keys: ['浙江', '宁波', '甬', '杭州', '温州'],
  },
  { codes: ['370000', '370200', '370211'], names: ['山东省', '青岛市', '黄岛区'], street: '长江中路', keys: ['山东', '青岛', '鲁'] },
  { codes: ['440000', '440300', '440305'], names: ['广东省', '深圳市', '南山区'], street: '科技园路', keys: ['广东', '深圳', '广州'] },
  { codes: ['120000', '120100', '120116'], names: ['天津市', '市辖区', '滨海新区'], street: '新港二号路', keys: ['天津'] },
  {
    codes: ['130000', '130200', '130203'],
    names: ['河北省', '唐山市', '路北区'],
    street: '建设北路',
    keys: ['河北', '唐山', '冀', '秦皇岛'],
  },
  { codes: ['110000', '110100', '110105'], names: ['北京市', '市辖区', '朝阳区'], street: '建国路', keys: ['北京', '京'] },
  { codes: ['420000', '420100', '420106'], names: ['湖北省', '武汉市', '武昌区'], street: '中北路', keys: ['湖北', '武汉', '鄂钢'] },
  { codes: ['450000', '450100', '450103'], names: ['广西壮族自治区', '南宁市', '青秀区'], street: '民族大道', keys: ['广西', '桂'] },
  { codes: ['230000', '230100', '230102'], names: ['黑龙江省', '哈尔滨市', '道里区'], street: '友谊路', keys: ['黑龙江'] },
  { codes: ['140000', '140100', '140105'], names: ['山西省', '太原市', '小店区'], street: '长治路', keys: ['山西', '晋'] },
  { codes: ['360000', '360100', '360111'], names: ['江西省', '南昌市', '青山湖区'], street: '北京东路', keys: ['江西', '赣'] },
  {
    codes: ['150000', '150600', '150602'],
    names: ['内蒙古自治区', '鄂尔多斯市', '东胜区'],
    street: '鄂托克西街',
    keys: ['内蒙古', '鄂尔多斯'],
  },
];
/** The region a company's name points at (its province or city in the name), else one picked by `h`. */
const regionOf = (name: string, h: number): Region =>
  REGIONS.find((r) => r.keys.some((k) => name.startsWith(k))) ??
  REGIONS.find((r) => r.keys.some((k) => name.includes(k))) ??
  REGIONS[h % REGIONS.length]!;
const PEOPLE = ['王建国', '李秀英', '陈志刚', '刘海燕', '张德明', '杨丽华', '赵文斌', '黄永胜', '周晓东', '吴春梅', '徐立新', '孙国强'];
const POSITIONS = ['采购经理', '销售总监', '财务经理', '物流主管', '总经理助理'];
const BANKS = ['中国工商银行', '中国建设银行', '中国银行', '招商银行', '交通银行', '上海浦东发展银行'];

/** A stable number from a text (FNV-1a), so a name always gets the same code and picks. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A valid unified social credit code for an enterprise registered (91) in `regionCode`, its organisation code from `n`. */
export function demoCreditCode(regionCode: string, n: number): string {
  const org = String(n % 100_000_000).padStart(8, '0');
  const first17 = `91${regionCode}${org}${orgCodeCheckChar(org)}`;
  return `${first17}${usccCheckChar(first17)}`;
}

/** The city a bank branch is named after (a municipality by its own name). */
const branchOf = (r: { province: string; city: string }) =>
  r.city === '市辖区' ? r.province.replace(/市$/, '') : r.city.replace(/市$/, '');

export async function seedCustomers(trx: Transaction<DB>): Promise<void> {
  for (const p of PROFILES) {
    const names = [...new Set([...p.customers, ...p.suppliers, ...p.logistics.slice(0, 1)])];
    if (names.length === 0) continue;
    const rows = names.map((name, i) => {
      const h = hash(`${p.id}:${name}`);
      const region = regionOf(name, h);
      return {
        enterprise_id: p.id,
        name,
        credit_code: demoCreditCode(region.codes[2], h),
        legal_representative: PEOPLE[(h >>> 3) % PEOPLE.length]!,
        address_code: region.codes.join(','),
        province: region.names[0],
        city: region.names[1],
        area: region.names[2],
        detailed_address: `${region.street} ${(h % 900) + 100} 号`,
        remark: i < p.customers.length ? '长期合作客户' : '供应商',
        created_by: p.staff.userId,
        updated_by: p.staff.userId,
      } satisfies Insertable<DB['customer_enterprises']>;
    });
    const inserted = await trx.insertInto('customer_enterprises').values(rows).returning(['id', 'name']).execute();
    const contacts: Insertable<DB['customer_contacts']>[] = [];
    const accounts: Insertable<DB['customer_bank_accounts']>[] = [];
    for (const c of inserted) {
      const h = hash(`${p.id}:${c.name}:people`);
      const count = 1 + (h % 2);
      for (let k = 0; k < count; k++) {
        contacts.push({
          customer_id: c.id,
          seq: k,
          name: PEOPLE[(h + k * 5) % PEOPLE.length]!,
          phone: `13${String(((h >>> 4) + k * 7919) % 1_000_000_000).padStart(9, '0')}`,
          position: POSITIONS[(h + k) % POSITIONS.length]!,
          email: '',
        });
      }
      accounts.push({
        customer_id: c.id,
        seq: 0,
        bank_name: `${BANKS[h % BANKS.length]!}${branchOf(rows.find((r) => r.name === c.name)!)}分行`,
        account_name: c.name,
        account_number: `6222${String(h).padStart(12, '0')}`.slice(0, 16),
      });
    }
    if (contacts.length) await trx.insertInto('customer_contacts').values(contacts).execute();
    if (accounts.length) await trx.insertInto('customer_bank_accounts').values(accounts).execute();
    await seedProjectApprovals(trx, p);
  }
}

/** A few of the enterprise's projects in approval: two waiting at 业务审核, one approved, one rejected. */
async function seedProjectApprovals(trx: Transaction<DB>, p: (typeof PROFILES)[number]): Promise<void> {
  const a = p.approvers;
  if (!a || !p.staff.userId) return;
  const projects = await trx
    .selectFrom('projects')
    .select(['id', 'project_code', 'created_at'])
    .where('enterprise_id', '=', p.id)
    .where('process_instance_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(4)
    .execute();
  const plan = ['running', 'running', 'approved', 'rejected'] as const;
  const handlers = [a.business, a.risk, a.finance, a.manager];
  for (const [i, project] of projects.entries()) {
    const outcome = plan[i]!;
    const start = new Date(new Date(project.created_at).getTime() + 2 * 3_600_000);
    const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000).toISOString();
    const history: Omit<Insertable<DB['process_history']>, 'process_instance_id'>[] = [
      {
        seq: 1,
        task_name: PROCESS_TASKS[0],
        start_time: at(0),
        end_time: at(0),
        user_name_start: p.staff.name,
        user_name_now: p.staff.name,
        message: '提交',
        comments: '项目资料已齐备，请审批。',
        handled_by: p.staff.userId,
      },
    ];
    const steps = outcome === 'running' ? 0 : outcome === 'approved' ? 4 : 2;
    for (let k = 0; k < steps; k++) {
      const reject = outcome === 'rejected' && k === steps - 1;
      history.push({
        seq: history.length + 1,
        task_name: PROCESS_TASKS[k + 1]!,
        start_time: at(k * 6),
        end_time: at(k * 6 + 5),
        user_name_start: p.staff.name,
        user_name_now: handlers[k]!.name,
        message: reject ? '驳回' : '同意',
        comments: reject ? '项目买方授信额度不足，请补充担保措施后重新提交。' : '同意。',
        handled_by: handlers[k]!.userId,
      });
    }
    if (outcome === 'running') {
      history.push({
        seq: 2,
        task_name: PROCESS_TASKS[1],
        start_time: at(0),
        end_time: null,
        user_name_start: p.staff.name,
        user_name_now: '审批人',
        message: '待审批',
        comments: '',
        handled_by: null,
      });
    } else if (outcome === 'approved') {
      history.push({
        seq: history.length + 1,
        task_name: '归档',
        start_time: at(24),
        end_time: at(24),
        user_name_start: p.staff.name,
        user_name_now: '系统',
        message: '流程结束',
        comments: '审批通过，已归档。',
        handled_by: null,
      });
    }
    const instance = await trx
      .insertInto('process_instances')
      .values({
        enterprise_id: p.id,
        business_type: 'project',
        business_id: project.id,
        business_code: project.project_code,
        status: outcome,
        current_task_name: outcome === 'running' ? PROCESS_TASKS[1] : null,
        assignee_role: outcome === 'running' ? 'approver' : null,
        started_by: p.staff.userId,
        created_at: at(0),
        updated_at: history.at(-1)!.end_time ?? at(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('process_history')
      .values(history.map((h) => ({ ...h, process_instance_id: instance.id })))
      .execute();
    const status = outcome === 'running' ? 'approving' : outcome;
    await trx.updateTable('projects').set({ process_instance_id: instance.id, status }).where('id', '=', project.id).execute();
  }
}
