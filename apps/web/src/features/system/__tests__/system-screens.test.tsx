// System settings screens through their addresses: the number rule form refuses what the contract refuses and
// previews the number, the role dialog sends the roles ticked and shows the server's refusal, and a dictionary edit
// sends the version read and drops the group's cached dictionary; the menu list saves only the menus the enterprise sets.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOWN_MENUS,
  SESSION_PATHS,
  SYSTEM_MESSAGES,
  SYSTEM_PATHS,
  TOP_MENU_KEYS,
  type DictEntryRow,
  type EnterpriseMenu,
  type NumberRuleRow,
  type SystemUser,
} from '@tfb/contract';
import { mockApi, refuse } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { chooseOption, fill, findDialogTitled, rowOf, setupUser } from '../../../test/queries';
import { openScreen } from '../../../test/screen';
import { dictQueryOptions } from '../../../components/widgets/dict';

const admin = { roles: ['admin'] };

const rule = (over: Partial<NumberRuleRow> = {}): NumberRuleRow => ({
  numberKey: 'XM',
  prefix: 'XM',
  datePart: 'yyyyMMdd',
  sequenceWidth: 5,
  resetPeriod: 'daily',
  stored: false,
  nextNumber: 'XM-20261128-00007',
  version: 0,
  ...over,
});

describe('number rules', () => {
  it('refuses a lowercase prefix and a reset period the date part cannot show, previews the number, and saves what was set', async () => {
    const saved: unknown[] = [];
    const { user } = openScreen(
      '/system/numbering',
      {
        [SYSTEM_PATHS.numberRules]: () => [
          rule({ datePart: 'yyyyMM', resetPeriod: 'monthly', stored: true, version: 1, nextNumber: 'XM-202611-00007' }),
        ],
        [SYSTEM_PATHS.numberRule]: ({ body }) => (
          saved.push(body),
          rule({ ...body, stored: true, version: 1, nextNumber: 'PRJ-202611-0007' })
        ),
      },
      admin,
    );
    await user.click(within(rowOf(await screen.findByText('XM-202611-00007'))).getByRole('button', { name: /编辑/ }));
    const dialog = await findDialogTitled('编辑编号规则：XM');
    const prefix = within(dialog).getByLabelText('前缀');
    await fill(user, prefix, 'prj');
    expect(await within(dialog).findByText(SYSTEM_MESSAGES.prefixPattern)).toBeInTheDocument();
    await fill(user, prefix, 'PRJ');
    await chooseOption(user, '重置周期', '每日');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(SYSTEM_MESSAGES.datePartTooCoarse)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    await chooseOption(user, '重置周期', '每月');
    await waitFor(() => expect(within(dialog).queryByText(SYSTEM_MESSAGES.datePartTooCoarse)).toBeNull());
    expect(within(dialog).getByText(/^PRJ-\d{6}-00007$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(saved).toEqual([{ prefix: 'PRJ', datePart: 'yyyyMM', sequenceWidth: 5, resetPeriod: 'monthly', version: 1 }]),
    );
  });
});

const staffUser = (over: Partial<SystemUser> = {}): SystemUser => ({
  userId: 'demo-a-staff',
  userName: 'zhangwei',
  name: '张伟',
  orgId: 'org-a-trade',
  orgName: '业务部',
  phone: '13800000001',
  roles: ['staff'],
  isInternal: false,
  isGroup: false,
  isActive: true,
  version: 3,
  ...over,
});

describe('users and roles', () => {
  it('sends the roles ticked with the version read, and shows the server’s refusal in the dialog', async () => {
    const sent: unknown[] = [];
    let refusing = true;
    const { user } = openScreen(
      '/system/users',
      {
        [SYSTEM_PATHS.users]: () => ({ content: [staffUser()], totalElements: 1, pageNumber: 0, pageSize: 10 }),
        [SYSTEM_PATHS.userRoles]: ({ body }) => {
          sent.push(body);
          if (refusing) return refuse(40000, SYSTEM_MESSAGES.lastAdmin, [{ field: 'roles', message: SYSTEM_MESSAGES.lastAdmin }]);
          return staffUser({ roles: body.roles, version: 4 });
        },
      },
      admin,
    );
    await user.click(await screen.findByRole('button', { name: '分配角色 张伟' }));
    const dialog = await findDialogTitled('分配角色：张伟');
    // Internal and group roles are not offered to an enterprise user.
    expect(within(dialog).queryByRole('checkbox', { name: '平台内部运营' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: '审批人' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SYSTEM_MESSAGES.lastAdmin);
    refusing = false;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByText('分配角色：张伟')).toBeNull());
    expect(sent).toEqual([
      { roles: ['staff', 'approver'], version: 3 },
      { roles: ['staff', 'approver'], version: 3 },
    ]);
  });
});

describe('dictionaries', () => {
  it('edits an entry with the version read and drops the group’s cached dictionary', async () => {
    const entry: DictEntryRow = { dictKey: 'MLZZHFWPT_DOCTYPE_FP', dictValueName: '发票', sort: 3, version: 2 };
    const group = 'business_documentType';
    const sent: unknown[] = [];
    signIn(admin);
    mockApi({
      [SYSTEM_PATHS.dictGroups]: () => [{ name: group, label: '业务单据类型', entryCount: 1 }],
      [SYSTEM_PATHS.dictEntries]: () => [entry],
      [SYSTEM_PATHS.dictEntry]: { PUT: ({ body }) => (sent.push(body), { ...entry, dictValueName: body.dictValueName, version: 3 }) },
      [SESSION_PATHS.dictByGroup]: () => [{ dictKey: entry.dictKey, dictValueName: '增值税发票' }],
    });
    const user = setupUser();
    const { queryClient } = renderRoute('/system/dictionaries');
    // The group as a form read it earlier in the session (cached for the session).
    queryClient.setQueryData(dictQueryOptions(group).queryKey, [{ dictKey: entry.dictKey, dictValueName: '发票' }]);
    await user.click(await screen.findByRole('button', { name: `编辑 ${entry.dictKey}` }));
    const dialog = await findDialogTitled('编辑字典项');
    const value = within(dialog).getByLabelText('字典值');
    await fill(user, value, ' ');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(SYSTEM_MESSAGES.dictValueRequired)).toBeInTheDocument();
    await fill(user, value, '增值税发票');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toEqual([{ dictValueName: '增值税发票', sort: 3, version: 2 }]));
    await waitFor(() => expect(queryClient.getQueryState(dictQueryOptions(group).queryKey)?.isInvalidated).toBe(true));
  });
});

describe('menus', () => {
  it('saves only the menus the enterprise sets, each with isHidden 1 for shown and 0 for hidden', async () => {
    const stored = new Map<string, 0 | 1>([['orders', 1]]);
    const list = (): EnterpriseMenu[] =>
      TOP_MENU_KEYS.map((k) => {
        const defaultShown = DEFAULT_SHOWN_MENUS.includes(k);
        const flag = stored.get(k);
        return { menuName: k, path: `/${k}`, isHidden: flag ?? (defaultShown ? 1 : 0), stored: flag !== undefined, defaultShown };
      });
    const sent: unknown[] = [];
    const { user } = openScreen(
      '/system/menus',
      {
        [SYSTEM_PATHS.menus]: {
          GET: () => list(),
          PUT: ({ body }) => {
            sent.push(body);
            stored.clear();
            for (const m of body.menus) stored.set(m.menuName, m.isHidden);
            return list();
          },
        },
      },
      admin,
    );
    const goods = await screen.findByRole('radiogroup', { name: '货品' });
    // Not set: each user's list decides; set: 已配置. (jsdom shares one radio name across groups under test, so
    // what the page shows is read from the tags, not the radios' checked state.)
    expect(within(rowOf(goods)).getByText('未配置')).toBeInTheDocument();
    expect(within(rowOf(screen.getByRole('radiogroup', { name: '订单' }))).getByText('已配置')).toBeInTheDocument();
    await user.click(within(goods).getByText('隐藏'));
    await user.click(within(screen.getByRole('radiogroup', { name: '订单' })).getByText(/按用户设置/));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toEqual([{ menus: [{ menuName: 'goods', isHidden: 0 }] }]));
    await waitFor(() => expect(within(rowOf(screen.getByRole('radiogroup', { name: '货品' }))).getByText('已配置')).toBeInTheDocument());
  });
});
