// The data portal's indicator system (issue 13): the seeded tree of ent-p, the whole-tree save (create, edit, move,
// delete) with its validation messages naming node and field, code uniqueness, versions with field diffs and their
// restore, the autosaved draft, 409 on a stale save, permissions, and another enterprise's tree out of reach.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  indicatorNodeOf,
  DATA_PORTAL_PATHS,
  INDICATOR_MESSAGES,
  UPLOADED_COUNT_MEASURE,
  type DatasetSummary,
  INDICATOR_PATHS,
  NUL_MESSAGE,
  PERMISSION_MESSAGES,
  type Indicator,
  type IndicatorNode,
  type IndicatorTree,
  type IndicatorVersion,
} from '@tfb/contract';
import { SEED_STOCK_NAME } from '../src/db/seed-uploaded-datasets.js';
import { storeAsInferred } from '../src/lib/uploaded-datasets.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A save's node for an indicator as read (its id as key, its parent's id as parent key). */
const nodeOf = (i: Indicator): IndicatorNode => indicatorNodeOf(i);

describeEachDatabase('data-portal indicators', (t) => {
  let admin: TestSession; // demo-portal-admin, ent-p: portalWebsites:write
  let editor: TestSession; // demo-portal-editor, ent-p: portalWebsites:write
  let reader: TestSession; // demo-group, ent-p: portalWebsites:read only
  let outsider: TestSession; // demo-supervisor: no portal permission
  let other: TestSession; // demo-admin, ent-a: every permission, another enterprise
  beforeAll(async () => {
    [admin, editor, reader, outsider, other] = await Promise.all([
      t().enter('demo-portal-admin'),
      t().enter('demo-portal-editor'),
      t().enter('demo-group'),
      t().enter('demo-supervisor'),
      t().enter('demo-admin'),
    ]);
  });

  const call = (s: TestSession, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const tree = async (s: TestSession = admin): Promise<IndicatorTree> => {
    const res = await call(s, 'GET', INDICATOR_PATHS.tree);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as IndicatorTree;
  };
  const byCode = (tr: IndicatorTree, code: string): Indicator => {
    const i = tr.indicators.find((x) => x.code === code);
    if (!i) throw new Error(`no indicator ${code}`);
    return i;
  };
  const save = (tr: IndicatorTree, nodes: IndicatorNode[], s: TestSession = admin) =>
    call(s, 'PUT', INDICATOR_PATHS.tree, { baseVersion: tr.version, indicators: nodes });
  const versionsUrl = (id: number) => INDICATOR_PATHS.versions.replace(':id', String(id));
  const versions = async (id: number): Promise<IndicatorVersion[]> => {
    const res = await call(admin, 'GET', versionsUrl(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as IndicatorVersion[];
  };
  const restoreUrl = (id: number, version: number) =>
    INDICATOR_PATHS.restore.replace(':id', String(id)).replace(':version', String(version));

  it('answers the seeded tree of ent-p, parents first, bound to built-in measures', async () => {
    const tr = await tree(reader);
    const roots = tr.indicators.filter((i) => i.parentId === null).map((i) => i.name);
    expect(roots).toEqual(['业务规模', '融资', '仓储', '风险']);
    const biz = byCode(tr, 'BIZ');
    expect(tr.indicators.filter((i) => i.parentId === biz.id).map((i) => i.name)).toEqual(['合同金额', '订单金额', '合同数']);
    expect(byCode(tr, 'FIN.LOAN_BALANCE')).toMatchObject({
      name: '贷款余额',
      datasetId: 'loans',
      field: 'balance',
      unit: 'yuan',
      aggregation: 'latest',
      ownerName: '孙悦',
    });
    const seen = new Set<number>();
    for (const i of tr.indicators) {
      if (i.parentId !== null) expect(seen.has(i.parentId)).toBe(true);
      seen.add(i.id);
    }
    const first = await versions(byCode(tr, 'BIZ.CONTRACT_AMOUNT').id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ version: 1, action: 'create', userName: '孙悦' });
    expect(first[0]!.changes.map((c) => c.field)).toContain('code');
  });

  it('creates, edits, moves and deletes in one save, recording a version for each indicator it changes', async () => {
    const before = await tree();
    const nodes = before.indicators.map(nodeOf);
    const risk = byCode(before, 'RISK');
    const amount = byCode(before, 'BIZ.CONTRACT_AMOUNT');
    const rate = byCode(before, 'FIN.APPROVAL_RATE');
    // Edit 合同金额's name and status; move 审批通过率 under 风险; add a new one under 风险.
    const edited = nodes.map((n) =>
      n.id === amount.id
        ? { ...n, name: '合同签约金额', status: 'retired' as const }
        : n.id === rate.id
          ? { ...n, parentKey: String(risk.id) }
          : n,
    );
    edited.push({
      key: 'new-1',
      parentKey: String(risk.id),
      code: 'RISK.SETTLED',
      name: '结算笔数',
      definition: '统计期内结算笔数',
      unit: 'count',
      frequency: 'month',
      aggregation: 'count',
      datasetId: 'settlements',
      field: 'count',
      ownerId: 'demo-portal-editor',
      status: 'draft',
    });
    const res = await save(before, edited, editor);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as IndicatorTree;
    expect(after.version).toBe(before.version + 1);
    expect(byCode(after, 'BIZ.CONTRACT_AMOUNT')).toMatchObject({ name: '合同签约金额', status: 'retired', version: 2 });
    expect(byCode(after, 'FIN.APPROVAL_RATE')).toMatchObject({ parentId: risk.id, version: 2 });
    const added = byCode(after, 'RISK.SETTLED');
    expect(added).toMatchObject({ parentId: risk.id, ownerName: '周岚', version: 1 });
    // Indicators the save did not change keep their version.
    expect(byCode(after, 'BIZ.ORDER_AMOUNT').version).toBe(1);

    const history = await versions(amount.id);
    expect(history.map((v) => v.version)).toEqual([2, 1]);
    expect(history[0]).toMatchObject({ action: 'update', userName: 'zhoulan' });
    expect(history[0]!.changes).toEqual([
      { field: 'name', before: '合同金额', after: '合同签约金额' },
      { field: 'status', before: 'active', after: 'retired' },
    ]);
    expect((await versions(rate.id))[0]!.changes).toEqual([{ field: 'parentId', before: byCode(before, 'FIN').id, after: risk.id }]);

    // Deleting: the save leaves it out (its versions go with it).
    const again = await save(after, after.indicators.filter((i) => i.id !== added.id).map(nodeOf));
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as IndicatorTree).indicators.some((i) => i.code === 'RISK.SETTLED')).toBe(false);
    expect((await call(admin, 'GET', versionsUrl(added.id))).statusCode).toBe(404);
  });

  it('refuses bad nodes with a 400 naming the node and field, and changes nothing', async () => {
    const tr = await tree();
    const nodes = tr.indicators.map(nodeOf);
    const refused = async (change: (n: IndicatorNode[]) => unknown[], field: string, message: string) => {
      const res = await call(admin, 'PUT', INDICATOR_PATHS.tree, { baseVersion: tr.version, indicators: change(structuredClone(nodes)) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    };
    const at = (i: number, over: Record<string, unknown>) => (n: IndicatorNode[]) => n.map((x, j) => (j === i ? { ...x, ...over } : x));
    await refused(at(1, { code: '' }), 'indicators.1.code', INDICATOR_MESSAGES.codeRequired);
    await refused(at(1, { code: '9abc' }), 'indicators.1.code', INDICATOR_MESSAGES.codeInvalid);
    await refused(at(1, { code: 'a'.repeat(41) }), 'indicators.1.code', INDICATOR_MESSAGES.codeInvalid);
    await refused(at(1, { name: '  ' }), 'indicators.1.name', INDICATOR_MESSAGES.nameRequired);
    await refused(at(1, { unit: 'litre' }), 'indicators.1.unit', INDICATOR_MESSAGES.unitInvalid);
    await refused(at(1, { frequency: '' }), 'indicators.1.frequency', INDICATOR_MESSAGES.frequencyRequired);
    await refused(at(1, { aggregation: 'median' }), 'indicators.1.aggregation', INDICATOR_MESSAGES.aggregationInvalid);
    await refused(at(1, { status: 'gone' }), 'indicators.1.status', INDICATOR_MESSAGES.statusInvalid);
    await refused(at(1, { datasetId: 'nope', field: 'amount' }), 'indicators.1.datasetId', INDICATOR_MESSAGES.datasetUnknown);
    await refused(at(1, { datasetId: 'contracts', field: 'month' }), 'indicators.1.field', INDICATOR_MESSAGES.fieldUnknown);
    await refused(at(1, { datasetId: 'contracts', field: '' }), 'indicators.1.field', INDICATOR_MESSAGES.fieldRequired);
    await refused(at(1, { datasetId: 'upload-999', field: 'x' }), 'indicators.1.datasetId', INDICATOR_MESSAGES.datasetUnknown);
    // Another enterprise's user is no owner here.
    await refused(at(1, { ownerId: 'demo-a-staff' }), 'indicators.1.ownerId', INDICATOR_MESSAGES.ownerUnknown);
    await refused(at(1, { name: 'a\u0000b' }), 'indicators.1.name', NUL_MESSAGE);
    // Codes are unique in the enterprise, whatever their case.
    await refused(
      at(2, { code: nodes[1]!.code.toLowerCase() }),
      'indicators.2.code',
      INDICATOR_MESSAGES.codeTaken(nodes[1]!.code.toLowerCase()),
    );
    await refused(at(0, { parentKey: nodes[1]!.key }), 'indicators.0.parentKey', INDICATOR_MESSAGES.cycle);
    await refused(at(1, { parentKey: 'nowhere' }), 'indicators.1.parentKey', INDICATOR_MESSAGES.parentKeyMissing('nowhere'));
    await refused(at(1, { id: 999999 }), 'indicators.1.id', INDICATOR_MESSAGES.unknownIndicator(999999));
    expect(await tree()).toEqual(tr);
  });

  it('binds an indicator to a measure of an uploaded dataset of its own enterprise only', async () => {
    const res = await call(admin, 'GET', DATA_PORTAL_PATHS.datasets);
    expect(res.statusCode, res.body).toBe(200);
    const stock = (res.json().data as DatasetSummary[]).find((d) => d.name === SEED_STOCK_NAME)!;
    expect(stock.id).toMatch(/^upload-\d+$/);
    const measure = stock.fields.find((f) => f.role === 'measure' && f.name !== UPLOADED_COUNT_MEASURE)!;
    const dimension = stock.fields.find((f) => f.role === 'dimension')!;
    // ent-a's own upload, which ent-p's tree cannot name.
    const foreign = await t()
      .database.db.transaction()
      .execute((trx) =>
        storeAsInferred(
          trx,
          { enterpriseId: other.user.enterpriseId, userId: other.user.userId, userName: other.user.name },
          { bytes: Buffer.from('省份,库存\n上海,3\n'), name: 'a.csv' },
          '外企库存',
        ),
      );

    const tr = await tree();
    const nodes = tr.indicators.map(nodeOf);
    const attempt = (over: Partial<IndicatorNode>) =>
      save(
        tr,
        nodes.map((n, j) => (j === 1 ? { ...n, ...over } : n)),
      );
    const refused = async (over: Partial<IndicatorNode>, field: string, message: string) => {
      const r = await attempt(over);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().errors).toContainEqual({ field, message });
    };
    await refused({ datasetId: foreign, field: 'c1' }, 'indicators.1.datasetId', INDICATOR_MESSAGES.datasetUnknown);
    await refused({ datasetId: stock.id, field: dimension.name }, 'indicators.1.field', INDICATOR_MESSAGES.fieldUnknown);
    await refused({ datasetId: stock.id, field: 'nowhere' }, 'indicators.1.field', INDICATOR_MESSAGES.fieldUnknown);
    await refused({ datasetId: stock.id, field: '' }, 'indicators.1.field', INDICATOR_MESSAGES.fieldRequired);
    expect(await tree()).toEqual(tr);

    const saved = await attempt({ datasetId: stock.id, field: measure.name });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json().data as IndicatorTree).indicators.find((i) => i.id === nodes[1]!.id)).toMatchObject({
      datasetId: stock.id,
      field: measure.name,
    });
    // The row count is a measure of every uploaded dataset.
    const after = saved.json().data as IndicatorTree;
    const counted = await save(
      after,
      after.indicators.map(nodeOf).map((n) => (n.id === nodes[1]!.id ? { ...n, field: UPLOADED_COUNT_MEASURE } : n)),
    );
    expect(counted.statusCode, counted.body).toBe(200);
  });

  it('lets a save swap two codes and give a deleted indicator’s code to a new one', async () => {
    const tr = await tree();
    const a = byCode(tr, 'WH.IN_WEIGHT');
    const b = byCode(tr, 'WH.OUT_WEIGHT');
    const pending = byCode(tr, 'WH.PENDING_NOTICES');
    const nodes = tr.indicators
      .filter((i) => i.id !== pending.id)
      .map(nodeOf)
      .map((n) => (n.id === a.id ? { ...n, code: b.code } : n.id === b.id ? { ...n, code: a.code } : n));
    nodes.push({ ...nodeOf(pending), id: undefined, key: 'again' });
    const res = await save(tr, nodes);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as IndicatorTree;
    expect(byCode(after, 'WH.OUT_WEIGHT').id).toBe(a.id);
    expect(byCode(after, 'WH.IN_WEIGHT').id).toBe(b.id);
    expect(byCode(after, 'WH.PENDING_NOTICES').id).not.toBe(pending.id);
  });

  it('refuses a save from a stale version with 409 and its message', async () => {
    const tr = await tree();
    const first = await save(
      tr,
      tr.indicators.map(nodeOf).map((n, i) => (i === 1 ? { ...n, definition: '第一次修改' } : n)),
    );
    expect(first.statusCode, first.body).toBe(200);
    const stale = await save(
      tr,
      tr.indicators.map(nodeOf).map((n, i) => (i === 1 ? { ...n, definition: '基于旧版本的修改' } : n)),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40900, message: INDICATOR_MESSAGES.staleTree });
    expect(byCode(await tree(), tr.indicators[1]!.code).definition).toBe('第一次修改');
  });

  it('restores an old version as a new version, and refuses a stale restore', async () => {
    const tr = await tree();
    const target = byCode(tr, 'BIZ.ORDER_AMOUNT');
    const changed = await save(
      tr,
      tr.indicators.map(nodeOf).map((n) => (n.id === target.id ? { ...n, name: '订单总额', unit: 'count' as const, ownerId: null } : n)),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const now = byCode(changed.json().data as IndicatorTree, 'BIZ.ORDER_AMOUNT');
    expect(now).toMatchObject({ version: 2, name: '订单总额', ownerId: null });

    const stale = await call(admin, 'POST', restoreUrl(target.id, 1), { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(INDICATOR_MESSAGES.staleIndicator);
    const missing = await call(admin, 'POST', restoreUrl(target.id, 9), { version: 2 });
    expect(missing.statusCode).toBe(404);
    const bad = await call(admin, 'POST', restoreUrl(target.id, 1), {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('version');

    const restored = await call(editor, 'POST', restoreUrl(target.id, 1), { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      version: 3,
      name: '订单金额',
      unit: 'yuan',
      ownerId: 'demo-portal-editor',
      ownerName: '周岚',
    });
    const history = await versions(target.id);
    expect(history[0]).toMatchObject({ version: 3, action: 'restore', restoredFrom: 1, userName: 'zhoulan' });
    expect(history[0]!.changes).toEqual([
      { field: 'name', before: '订单总额', after: '订单金额' },
      { field: 'unit', before: 'count', after: 'yuan' },
      { field: 'ownerId', before: null, after: 'demo-portal-editor' },
    ]);
    // The tree moved on with the restore: a save from before it is stale.
    const late = await save(changed.json().data as IndicatorTree, (changed.json().data as IndicatorTree).indicators.map(nodeOf));
    expect(late.statusCode).toBe(409);
  });

  it('refuses to restore a code another indicator now holds, naming the code', async () => {
    const tr = await tree();
    const a = byCode(tr, 'RISK.WARNINGS');
    const renamed = await save(
      tr,
      tr.indicators.map(nodeOf).map((n) => (n.id === a.id ? { ...n, code: 'RISK.ALERTS' } : n)),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const t2 = renamed.json().data as IndicatorTree;
    const taken = await save(t2, [
      ...t2.indicators.map(nodeOf),
      { ...nodeOf(a), id: undefined, key: 'x', parentKey: null, code: 'RISK.WARNINGS', name: '新预警数' },
    ]);
    expect(taken.statusCode, taken.body).toBe(200);
    const res = await call(admin, 'POST', restoreUrl(a.id, 1), { version: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'code', message: INDICATOR_MESSAGES.codeTaken('RISK.WARNINGS') }]);
  });

  it('keeps the editor’s draft with who and when, drops it with a save, and checks it', async () => {
    expect((await call(admin, 'GET', INDICATOR_PATHS.draft)).json().data).toBeNull();
    const draftTree = { indicators: [{ key: 'n1', name: '草稿指标' }] };
    const put = await call(editor, 'PUT', INDICATOR_PATHS.draft, { baseVersion: 4, tree: draftTree });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(admin, 'GET', INDICATOR_PATHS.draft)).json().data).toMatchObject({
      tree: draftTree,
      baseVersion: 4,
      userId: 'demo-portal-editor',
      userName: 'zhoulan',
    });
    expect((await call(other, 'GET', INDICATOR_PATHS.draft)).json().data).toBeNull();
    const empty = await call(admin, 'PUT', INDICATOR_PATHS.draft, { baseVersion: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ field: 'tree', message: INDICATOR_MESSAGES.draftRequired });
    const nul = await call(admin, 'PUT', INDICATOR_PATHS.draft, { baseVersion: 1, tree: { a: 'x\u0000' } });
    expect(nul.statusCode).toBe(400);
    const tr = await tree();
    expect((await save(tr, tr.indicators.map(nodeOf))).statusCode).toBe(200);
    expect((await call(admin, 'GET', INDICATOR_PATHS.draft)).json().data).toBeNull();
    await call(admin, 'PUT', INDICATOR_PATHS.draft, { baseVersion: 1, tree: draftTree });
    const del = await call(admin, 'DELETE', INDICATOR_PATHS.draft);
    expect(del.json()).toMatchObject({ code: 0, data: null });
    expect((await call(admin, 'GET', INDICATOR_PATHS.draft)).json().data).toBeNull();
  });

  it('lists the enterprise’s users as owners', async () => {
    const res = await call(reader, 'GET', INDICATOR_PATHS.owners);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: string }[]).map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining(['demo-portal-admin', 'demo-portal-editor', 'demo-internal']));
    expect(ids).not.toContain('demo-a-staff');
  });

  describe('permissions and isolation', () => {
    it('lets a reader read but not change, and refuses a role without the permission', async () => {
      const tr = await tree(reader);
      const write = await save(tr, tr.indicators.map(nodeOf), reader);
      expect(write.statusCode).toBe(403);
      expect(write.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('portalWebsites:write') });
      expect((await call(reader, 'PUT', INDICATOR_PATHS.draft, { baseVersion: 0, tree: {} })).statusCode).toBe(403);
      const id = tr.indicators[0]!.id;
      expect((await call(reader, 'GET', versionsUrl(id))).statusCode).toBe(200);
      expect((await call(reader, 'POST', restoreUrl(id, 1), { version: 1 })).statusCode).toBe(403);
      const read = await call(outsider, 'GET', INDICATOR_PATHS.tree);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('portalWebsites:read') });
    });

    it('keeps another enterprise’s tree invisible and untouchable', async () => {
      const mine = await tree();
      const theirs = await tree(other);
      expect(theirs).toEqual({ version: 0, indicators: [] });
      const id = mine.indicators[0]!.id;
      expect((await call(other, 'GET', versionsUrl(id))).statusCode).toBe(404);
      expect((await call(other, 'POST', restoreUrl(id, 1), { version: mine.indicators[0]!.version })).statusCode).toBe(404);
      // Naming ent-p's ids in a save of ent-a's tree is refused as unknown.
      const res = await save(theirs, [nodeOf(mine.indicators[0]!)], other);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ field: 'indicators.0.id', message: INDICATOR_MESSAGES.unknownIndicator(id) });
      // ent-a's own tree: the same code as ent-p's is fine there, and ent-p's tree does not see it.
      const own = await save(theirs, [{ ...nodeOf(mine.indicators[0]!), id: undefined, key: 'a', ownerId: null }], other);
      expect(own.statusCode, own.body).toBe(200);
      expect((await tree()).indicators).toEqual(mine.indicators);
    });
  });
});
