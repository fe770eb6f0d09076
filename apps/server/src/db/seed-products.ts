// The demo's supply-chain finance products (the four kinds the platform offers, one withdrawn) and a few signings
// of enterprises A and B: drafts, and one of A's waiting for approval in the 签约审核 step.
import { sql, type Transaction } from 'kysely';
import { PRODUCT_SIGN_TASKS, PROCESS_MESSAGES, TOP_MENU_KEYS } from '@tfb/contract';
import { generateNumber, NUMBER_KEYS } from '../lib/numbering.js';
import { MENU_PATHS } from './seed-identity.js';
import type { DB } from './types.js';

const PRODUCTS = [
  {
    code: 'CP-CDZY',
    name: '仓单质押',
    kind: 'warehouseReceiptPledge',
    rate_min: 5.2,
    rate_max: 7.8,
    term_min: 1,
    term_max: 12,
    limit_amount: 5_000_000,
    required_doc_types: ['MLZZHFWPT_DOCTYPE_CD', 'MLZZHFWPT_DOCTYPE_ZJBG'],
    description: '以监管仓库出具的标准仓单质押融资，随借随还。',
    status: 'on',
  },
  {
    code: 'CP-DDRZ',
    name: '订单融资',
    kind: 'orderFinancing',
    rate_min: 6,
    rate_max: 8.5,
    term_min: 3,
    term_max: 12,
    limit_amount: 3_000_000,
    required_doc_types: ['MLZZHFWPT_DOCTYPE_YYZZ'],
    description: '凭下游采购订单申请融资，用于备货生产。',
    status: 'on',
  },
  {
    code: 'CP-YSZK',
    name: '应收账款融资',
    kind: 'receivablesFinancing',
    rate_min: 4.8,
    rate_max: 7.2,
    term_min: 1,
    term_max: 18,
    limit_amount: 8_000_000,
    required_doc_types: ['MLZZHFWPT_DOCTYPE_FP', 'MLZZHFWPT_DOCTYPE_YYZZ'],
    description: '以核心企业确认的应收账款转让融资。',
    status: 'on',
  },
  {
    code: 'CP-YFK',
    name: '预付款融资',
    kind: 'prepaymentFinancing',
    rate_min: 6.5,
    rate_max: 9,
    term_min: 1,
    term_max: 6,
    limit_amount: 2_000_000,
    required_doc_types: ['MLZZHFWPT_DOCTYPE_QT'],
    description: '为向上游预付货款提供融资，货到后转仓单质押。',
    status: 'off',
  },
] as const;

export async function seedProducts(trx: Transaction<DB>): Promise<void> {
  // The products menu for the business users and approvers who had none (approvers now approve signings).
  const users = await trx
    .selectFrom('user_menus')
    .select('user_id')
    .where('menu_name', '=', 'contracts')
    .where('is_hidden', '=', 1)
    .execute();
  if (users.length) {
    await trx
      .insertInto('user_menus')
      .values(
        users.map((u) => ({
          user_id: u.user_id,
          menu_name: 'products',
          path: MENU_PATHS.products,
          is_hidden: 1 as const,
          sort: TOP_MENU_KEYS.indexOf('products'),
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'menu_name']).doNothing())
      .execute();
  }
  const ids = new Map<string, number>();
  for (const p of PRODUCTS) {
    const { id } = await trx
      .insertInto('products')
      .values({ ...p, required_doc_types: JSON.stringify(p.required_doc_types), created_by: 'demo-admin', updated_by: 'demo-admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(p.code, id);
  }
  /** A signing of `enterprise`'s first project and contract (none when it has neither). */
  const signing = async (enterprise: string, user: string, productCode: string, amount: number, term: number, purpose: string) => {
    const project = await trx.selectFrom('projects').select('id').where('enterprise_id', '=', enterprise).orderBy('id').executeTakeFirst();
    const contract = await trx
      .selectFrom('contracts')
      .select('id')
      .where('enterprise_id', '=', enterprise)
      .orderBy('id')
      .executeTakeFirst();
    if (!project && !contract) return undefined;
    const { id } = await trx
      .insertInto('product_signings')
      .values({
        enterprise_id: enterprise,
        sign_code: await generateNumber(trx, enterprise, NUMBER_KEYS.productSigning),
        product_id: ids.get(productCode)!,
        amount,
        term_months: term,
        purpose,
        project_id: project?.id ?? null,
        contract_id: contract?.id ?? null,
        created_by: user,
        updated_by: user,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  await signing('ent-b', 'demo-b-staff', 'CP-CDZY', 1_500_000, 6, '煤炭库存仓单质押融资');
  await signing('ent-a', 'demo-a-staff', 'CP-DDRZ', 800_000, 6, '采购热轧卷板备货');
  const waiting = await signing('ent-a', 'demo-a-staff', 'CP-YSZK', 1_200_000, 12, '补充流动资金，回笼周期 9 个月');
  if (waiting === undefined) return;
  const code = await trx.selectFrom('product_signings').select('sign_code').where('id', '=', waiting).executeTakeFirstOrThrow();
  // Submitted by the staff user: 提交申请 closed, 签约审核 waiting for an approver (as the approval writes it).
  const instance = await trx
    .insertInto('process_instances')
    .values({
      enterprise_id: 'ent-a',
      business_type: 'productSign',
      business_id: waiting,
      business_code: code.sign_code,
      status: 'running',
      current_task_name: PRODUCT_SIGN_TASKS[1],
      assignee_role: null,
      started_by: 'demo-a-staff',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const processInstanceId = instance.id;
  const staff = await trx.selectFrom('users').select('name').where('id', '=', 'demo-a-staff').executeTakeFirst();
  const name = staff?.name ?? 'demo-a-staff';
  const now = sql<string>`now()`;
  await trx
    .insertInto('process_history')
    .values([
      {
        process_instance_id: processInstanceId,
        seq: 1,
        task_name: PRODUCT_SIGN_TASKS[0],
        start_time: now,
        end_time: now,
        user_name_start: name,
        user_name_now: name,
        message: PROCESS_MESSAGES.submitted,
        comments: '',
        handled_by: 'demo-a-staff',
      },
      {
        process_instance_id: processInstanceId,
        seq: 2,
        task_name: PRODUCT_SIGN_TASKS[1],
        start_time: now,
        end_time: null,
        user_name_start: name,
        user_name_now: '审批人',
        message: PROCESS_MESSAGES.waiting,
        comments: '',
      },
    ])
    .execute();
  await trx
    .updateTable('product_signings')
    .set({ status: 'approving', process_instance_id: processInstanceId })
    .where('id', '=', waiting)
    .execute();
}
