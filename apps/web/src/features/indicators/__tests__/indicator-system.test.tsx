// The indicator system screen through its address: the outline shows the tree (codes, statuses), the form is built
// from the contract (its messages), edits stay local until 保存 sends the whole tree against the version it was read
// at, a stale tree offers a reload, and the version history shows each change's fields and restores a version.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DATA_PORTAL_PATHS,
  INDICATOR_MESSAGES,
  INDICATOR_PATHS,
  type DatasetSummary,
  type Indicator,
  type IndicatorTree,
  type IndicatorVersion,
} from '@tfb/contract';
import { refuse, type ApiHandlers } from '../../../test/mock-api';
import { fill } from '../../../test/queries';
import { openScreen } from '../../../test/screen';

const ADDRESS = '/portalWebsites/indexSystem';
const ADMIN = { roles: ['portal_websites_admin'] };

const indicator = (over: Partial<Indicator> & Pick<Indicator, 'id' | 'code' | 'name'>): Indicator => ({
  parentId: null,
  sortOrder: 0,
  definition: '',
  unit: 'count',
  frequency: 'month',
  aggregation: 'sum',
  datasetId: '',
  field: '',
  ownerId: null,
  ownerName: null,
  status: 'active',
  version: 1,
  changeUserName: '孙悦',
  updateTime: '2026-11-01 09:00:00',
  ...over,
});

const tree = (version = 5): IndicatorTree => ({
  version,
  indicators: [
    indicator({ id: 1, code: 'BIZ', name: '业务规模' }),
    indicator({
      id: 2,
      code: 'BIZ.CONTRACT_AMOUNT',
      name: '合同金额',
      parentId: 1,
      unit: 'yuan',
      datasetId: 'contracts',
      field: 'amount',
      version: 2,
      ownerId: 'demo-portal-admin',
      ownerName: '孙悦',
    }),
    indicator({ id: 3, code: 'BIZ.OLD', name: '旧指标', parentId: 1, sortOrder: 1, status: 'retired' }),
  ],
});

const VERSIONS: IndicatorVersion[] = [
  {
    version: 2,
    action: 'update',
    restoredFrom: null,
    changes: [
      { field: 'name', before: '合同总额', after: '合同金额' },
      { field: 'unit', before: 'count', after: 'yuan' },
    ],
    snapshot: { ...tree().indicators[1]!, parentId: 1 },
    userName: 'zhoulan',
    time: '2026-11-02 10:00:00',
  },
  {
    version: 1,
    action: 'create',
    restoredFrom: null,
    changes: [],
    snapshot: { ...tree().indicators[1]!, name: '合同总额', unit: 'count', parentId: 1 },
    userName: 'sunyue',
    time: '2026-11-01 09:00:00',
  },
];

const DATASETS: DatasetSummary[] = [
  {
    id: 'contracts',
    kind: 'builtIn',
    name: null,
    fields: [
      { name: 'month', role: 'dimension', kind: 'month', unit: null, title: null },
      { name: 'amount', role: 'measure', kind: null, unit: 'yuan', title: null },
      { name: 'count', role: 'measure', kind: null, unit: 'count', title: null },
    ],
    rowCount: 12,
    refreshedAt: null,
  },
  {
    id: 'upload-7',
    kind: 'uploaded',
    name: '各省库存',
    fields: [
      { name: 'c1', role: 'dimension', kind: 'province', unit: null, title: '省份' },
      { name: 'c2', role: 'measure', kind: null, unit: 'tonne', title: '库存重量' },
      { name: 'count', role: 'measure', kind: null, unit: 'count', title: null },
    ],
    rowCount: 6,
    refreshedAt: '2026-11-01T09:00:00.000Z',
  },
];

function editorApi(over: ApiHandlers = {}): ApiHandlers {
  return {
    [INDICATOR_PATHS.tree]: { GET: () => tree(), PUT: ({ body }) => ({ version: body.baseVersion + 1, indicators: tree().indicators }) },
    [INDICATOR_PATHS.draft]: { GET: () => null, PUT: () => null, DELETE: () => null },
    [INDICATOR_PATHS.owners]: { GET: () => [{ id: 'demo-portal-admin', name: '孙悦' }] },
    [DATA_PORTAL_PATHS.datasets]: { GET: () => DATASETS },
    [INDICATOR_PATHS.versions]: { GET: () => VERSIONS },
    [INDICATOR_PATHS.restore]: { POST: () => ({ ...tree().indicators[1]!, version: 3, name: '合同总额' }) },
    ...over,
  };
}

const outline = () => screen.findByRole('tree', { name: '大纲' });

describe('indicator system', () => {
  it('shows codes and statuses, and edits the selected indicator in a form built from the contract', async () => {
    const { user } = openScreen(ADDRESS, editorApi(), ADMIN);
    const shown = await outline();
    expect(within(shown).getByText('BIZ.CONTRACT_AMOUNT')).toBeInTheDocument();
    expect(within(shown).getByText('停用')).toBeInTheDocument();

    await user.click(within(shown).getByText('合同金额'));
    const code = await screen.findByLabelText('指标编码');
    expect(code).toHaveValue('BIZ.CONTRACT_AMOUNT');
    await user.clear(code);
    expect(await screen.findByText(INDICATOR_MESSAGES.codeRequired)).toBeInTheDocument();
    await fill(user, code, '9bad');
    expect(await screen.findByText(INDICATOR_MESSAGES.codeInvalid)).toBeInTheDocument();
    // The tree keeps the last valid code while the form refuses one.
    expect(within(shown).getByText('BIZ.CONTRACT_AMOUNT')).toBeInTheDocument();
    await user.clear(code);
    await fill(user, code, 'BIZ.SIGNED');
    expect(await within(shown).findByText('BIZ.SIGNED')).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    // The data source and field are shown by their localized names.
    const detail = screen.getByRole('region', { name: '指标详情' });
    expect(within(detail).getByText('合同')).toBeInTheDocument();
    expect(within(detail).getByText('金额')).toBeInTheDocument();
  });

  it('binds an indicator to a measure of an uploaded dataset, taking the measure’s unit, and saves it', async () => {
    const { api, user } = openScreen(ADDRESS, editorApi(), ADMIN);
    const shown = await outline();
    await user.click(within(shown).getByText('合同金额'));
    await user.click(await screen.findByRole('combobox', { name: '数据来源' }));
    await user.click(await screen.findByTitle('各省库存'));
    await user.click(screen.getByRole('combobox', { name: '字段' }));
    // The uploaded dataset's measures by their titles (the row count by its shared name), not its dimensions.
    expect(await screen.findByTitle('行数')).toBeInTheDocument();
    expect(screen.queryByTitle('省份')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('库存重量'));
    const detail = screen.getByRole('region', { name: '指标详情' });
    expect(await within(detail).findByText('吨')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.bodiesSentTo(INDICATOR_PATHS.tree, 'PUT')).toHaveLength(1));
    const body = api.bodiesSentTo(INDICATOR_PATHS.tree, 'PUT')[0] as {
      indicators: { code: string; datasetId: string; field: string; unit: string }[];
    };
    expect(body.indicators.find((i) => i.code === 'BIZ.CONTRACT_AMOUNT')).toMatchObject({
      datasetId: 'upload-7',
      field: 'c2',
      unit: 'tonne',
    });
  });

  it('adds an indicator beside the selected one and saves the whole tree against the version it was read at; a stale save offers a reload', async () => {
    const { api, user } = openScreen(
      ADDRESS,
      editorApi({ [INDICATOR_PATHS.tree]: { GET: () => tree(), PUT: () => refuse(40900, INDICATOR_MESSAGES.staleTree) } }),
      ADMIN,
    );
    const shown = await outline();
    await user.click(within(shown).getByText('旧指标'));
    await user.click(screen.getByRole('button', { name: '添加同级指标' }));
    expect(await within(shown).findByText('新指标')).toBeInTheDocument();
    expect(screen.getByLabelText('指标编码')).toHaveValue('NEW_1');

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.bodiesSentTo(INDICATOR_PATHS.tree, 'PUT')).toHaveLength(1));
    const body = api.bodiesSentTo(INDICATOR_PATHS.tree, 'PUT')[0] as {
      baseVersion: number;
      indicators: { id?: number; code: string; parentKey: string | null }[];
    };
    expect(body.baseVersion).toBe(5);
    expect(body.indicators.map((i) => [i.id, i.code, i.parentKey])).toEqual([
      [1, 'BIZ', null],
      [2, 'BIZ.CONTRACT_AMOUNT', 'i1'],
      [3, 'BIZ.OLD', 'i1'],
      [undefined, 'NEW_1', 'i1'],
    ]);
    expect(await screen.findByText(INDICATOR_MESSAGES.staleTree)).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('shows each version’s changed fields in words and restores a version against the current one', async () => {
    const { api, user } = openScreen(ADDRESS, editorApi(), ADMIN);
    const shown = await outline();
    await user.click(within(shown).getByText('合同金额'));
    await user.click(await screen.findByRole('tab', { name: '版本历史' }));
    const second = await screen.findByRole('region', { name: '版本 2' });
    expect(within(second).getByText('修改')).toBeInTheDocument();
    expect(within(second).getByText('合同总额')).toBeInTheDocument();
    expect(within(second).getByText('个')).toBeInTheDocument();
    expect(within(second).getByText('元')).toBeInTheDocument();
    const first = screen.getByRole('region', { name: '版本 1' });
    await user.click(within(first).getByRole('button', { name: /恢复此版本/ }));
    // The confirmation's own button restores.
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: /恢复此版本/ }));
    await waitFor(() => expect(api.bodiesSentTo(INDICATOR_PATHS.restore, 'POST')).toEqual([{ version: 2 }]));
    expect(api.callsTo(INDICATOR_PATHS.restore, 'POST')[0]!.url.pathname).toBe('/api/data-portal/indicators/2/versions/1/restore');
  });
});
