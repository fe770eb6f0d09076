// Dashboard boards and visualisation scenes (issue 13): CRUD and validation naming the field, the layout save with
// its stale 409, every widget's figures equal to the query API's, the public share link (works without a session,
// refused when revoked or tampered, shows the owner's scope only), another enterprise's boards out of reach, and
// the permissions (read portalWebsites:read, change portalWebsites:write).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_MESSAGES,
  BOARD_PATHS,
  DATA_PORTAL_PATHS,
  INDICATOR_PATHS,
  PERMISSION_MESSAGES,
  PUBLIC_SCENE_PATH,
  SCENE_PATHS,
  type ChartData,
  type Dashboard,
  type DashboardData,
  type DataQueryResult,
  indicatorNodeOf,
  type IndicatorNode,
  type IndicatorTree,
  type PublicScene,
  type SceneShare,
  type WidgetInput,
} from '@tfb/contract';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const at = (path: string, id: number | string, shareId?: string) =>
  path
    .replace(':id', String(id))
    .replace(':shareId', shareId ?? '')
    .replace(':token', String(id));

const widget = (id: string, over: Partial<WidgetInput> = {}): WidgetInput => ({
  id,
  kind: 'bar',
  title: { zh: `组件${id}`, en: `Widget ${id}`, es: '' },
  binding: { dataset: 'contracts', dimensions: ['month'], measures: ['amount'] },
  position: { x: 0, y: 0, w: 6, h: 6 },
  ...over,
});

const THREE: WidgetInput[] = [
  widget('kpi1', {
    kind: 'kpi',
    binding: { dataset: 'contracts', dimensions: [], measures: ['amount'] },
    position: { x: 0, y: 0, w: 3, h: 3 },
  }),
  widget('bar1', {
    kind: 'stackedBar',
    binding: { dataset: 'orders', dimensions: ['month', 'orderKind'], measures: ['amount'] },
    position: { x: 3, y: 0, w: 9, h: 6 },
  }),
  widget('ring1', {
    kind: 'ring',
    binding: { dataset: 'contracts', dimensions: ['contractType'], measures: ['amount', 'count'] },
    position: { x: 0, y: 3, w: 3, h: 6 },
  }),
];

describeEachDatabase('data-portal boards and scenes', (t) => {
  let editor: TestSession; // demo-portal-admin, ent-p (the platform): read and write
  let reader: TestSession; // demo-group, ent-p: read only
  let staffA: TestSession; // demo-a-staff, ent-a: read only
  let adminA: TestSession; // demo-admin, ent-a: every permission, another enterprise
  let outsider: TestSession; // demo-supervisor: no portalWebsites permission
  beforeAll(async () => {
    [editor, reader, staffA, adminA, outsider] = await Promise.all([
      t().enter('demo-portal-admin'),
      t().enter('demo-group'),
      t().enter('demo-a-staff'),
      t().enter('demo-admin'),
      t().enter('demo-supervisor'),
    ]);
  });

  const call = (s: TestSession | null, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: s?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const okData = async <T>(s: TestSession | null, method: Method, url: string, payload?: unknown): Promise<T> => {
    const res = await call(s, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const newBoard = (s: TestSession, widgets: WidgetInput[] = THREE, title = '经营看板') =>
    okData<Dashboard>(s, 'POST', BOARD_PATHS.boards, { title: { zh: title, en: 'Operations', es: 'Operaciones' }, widgets });
  const newScene = (s: TestSession, widgets: WidgetInput[] = THREE) =>
    okData<Dashboard>(s, 'POST', SCENE_PATHS.scenes, { title: { zh: '大屏', en: 'Screen', es: '' }, refreshSeconds: 30, widgets });
  const fieldsOf = (res: { json(): unknown }) => (res.json() as { errors?: { field: string; message: string }[] }).errors ?? [];

  describe('boards', () => {
    it('creates, lists, reads, renames and deletes a board of the caller enterprise', async () => {
      const created = await newBoard(editor);
      expect(created).toMatchObject({
        kind: 'board',
        version: 1,
        widgetCount: 3,
        refreshSeconds: null,
        title: { zh: '经营看板', en: 'Operations' },
      });
      expect(created.widgets.map((w) => w.id)).toEqual(['kpi1', 'bar1', 'ring1']);
      expect(created.filter).toEqual({ period: 'last12Months', warehouseId: null, enterpriseId: null });
      const list = await okData<Dashboard[]>(editor, 'GET', BOARD_PATHS.boards);
      expect(list.map((b) => b.id)).toContain(created.id);
      expect(await okData<Dashboard>(reader, 'GET', at(BOARD_PATHS.board, created.id))).toEqual(created);

      const renamed = await okData<Dashboard>(editor, 'PUT', at(BOARD_PATHS.board, created.id), {
        version: 1,
        title: { zh: '经营驾驶舱', en: 'Cockpit', es: 'Cabina' },
        filter: { period: 'thisYear', warehouseId: null, enterpriseId: null },
        widgets: THREE.slice(0, 2),
      });
      expect(renamed).toMatchObject({
        version: 2,
        widgetCount: 2,
        title: { zh: '经营驾驶舱', es: 'Cabina' },
        filter: { period: 'thisYear' },
      });

      expect(await okData(editor, 'DELETE', at(BOARD_PATHS.board, created.id))).toEqual({ id: created.id });
      expect((await call(editor, 'GET', at(BOARD_PATHS.board, created.id))).statusCode).toBe(404);
      expect((await okData<Dashboard[]>(editor, 'GET', BOARD_PATHS.boards)).map((b) => b.id)).not.toContain(created.id);
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const cases: [unknown, string, string][] = [
        [{ title: { zh: '  ' } }, 'title.zh', BOARD_MESSAGES.titleRequired],
        [
          { title: { zh: '看板' }, widgets: [widget('a', { binding: { dataset: 'nope', dimensions: [], measures: ['x'] } })] },
          'widgets.0.binding.dataset',
          BOARD_MESSAGES.unknownDataset,
        ],
        [
          {
            title: { zh: '看板' },
            widgets: [widget('a', { binding: { dataset: 'contracts', dimensions: ['month'], measures: ['weight'] } })],
          },
          'widgets.0.binding.measures.0',
          BOARD_MESSAGES.unknownField,
        ],
        [
          {
            title: { zh: '看板' },
            widgets: [widget('a', { binding: { dataset: 'contracts', dimensions: ['colour'], measures: ['amount'] } })],
          },
          'widgets.0.binding.dimensions.0',
          BOARD_MESSAGES.unknownField,
        ],
        [
          {
            title: { zh: '看板' },
            widgets: [widget('a', { kind: 'pie', binding: { dataset: 'contracts', dimensions: [], measures: ['amount'] } })],
          },
          'widgets.0.binding.dimensions',
          BOARD_MESSAGES.dimensionsForKind,
        ],
        [
          {
            title: { zh: '看板' },
            widgets: [widget('a', { kind: 'map', binding: { dataset: 'contracts', dimensions: ['month'], measures: ['amount'] } })],
          },
          'widgets.0.binding.dimensions.0',
          BOARD_MESSAGES.provinceForMap,
        ],
        [
          { title: { zh: '看板' }, widgets: [widget('a', { position: { x: 8, y: 0, w: 6, h: 4 } })] },
          'widgets.0.position',
          BOARD_MESSAGES.outOfGrid,
        ],
        [{ title: { zh: '看板' }, widgets: [widget('a'), widget('a')] }, 'widgets.1.id', BOARD_MESSAGES.duplicateWidget],
        [
          { title: { zh: '看板' }, widgets: [widget('a', { title: { zh: '', en: '', es: '' } })] },
          'widgets.0.title.zh',
          BOARD_MESSAGES.widgetTitleRequired,
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await call(editor, 'POST', BOARD_PATHS.boards, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(fieldsOf(res)).toContainEqual({ field, message });
      }
      const scene = await call(editor, 'POST', SCENE_PATHS.scenes, { title: { zh: '大屏' }, refreshSeconds: 5 });
      expect(scene.statusCode).toBe(400);
      expect(fieldsOf(scene)).toContainEqual({ field: 'refreshSeconds', message: BOARD_MESSAGES.refreshRange });
      // A scene's stage has 11 rows below its title bar: a widget further down is off the stage.
      const offStage = await call(editor, 'POST', SCENE_PATHS.scenes, {
        title: { zh: '大屏' },
        widgets: [widget('a', { position: { x: 0, y: 8, w: 6, h: 4 } })],
      });
      expect(fieldsOf(offStage)).toContainEqual({ field: 'widgets.0.position', message: BOARD_MESSAGES.outOfGrid });
    });

    it('saves the layout from the version it was read at and refuses a stale save with 409', async () => {
      const board = await newBoard(editor);
      const moved = await okData<Dashboard>(editor, 'PUT', at(BOARD_PATHS.layout, board.id), {
        version: 1,
        positions: [{ id: 'bar1', x: 0, y: 9, w: 12, h: 7 }],
      });
      expect(moved.version).toBe(2);
      expect(moved.widgets.find((w) => w.id === 'bar1')?.position).toEqual({ x: 0, y: 9, w: 12, h: 7 });
      expect(moved.widgets.find((w) => w.id === 'kpi1')?.position).toEqual(board.widgets[0]!.position);
      expect((await okData<Dashboard>(editor, 'GET', at(BOARD_PATHS.board, board.id))).widgets).toEqual(moved.widgets);

      const stale = await call(editor, 'PUT', at(BOARD_PATHS.layout, board.id), {
        version: 1,
        positions: [{ id: 'bar1', x: 0, y: 0, w: 4, h: 4 }],
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(BOARD_MESSAGES.stale);
      const staleUpdate = await call(editor, 'PUT', at(BOARD_PATHS.board, board.id), { version: 1, title: { zh: '旧的' } });
      expect(staleUpdate.statusCode).toBe(409);

      const unknown = await call(editor, 'PUT', at(BOARD_PATHS.layout, board.id), {
        version: 2,
        positions: [{ id: 'ghost', x: 0, y: 0, w: 4, h: 4 }],
      });
      expect(unknown.statusCode).toBe(400);
      expect(fieldsOf(unknown)).toEqual([{ field: 'positions.0.id', message: BOARD_MESSAGES.unknownWidget }]);
      const outside = await call(editor, 'PUT', at(BOARD_PATHS.layout, board.id), {
        version: 2,
        positions: [{ id: 'bar1', x: 10, y: 0, w: 4, h: 4 }],
      });
      expect(outside.statusCode).toBe(400);
      expect(fieldsOf(outside)).toContainEqual({ field: 'positions.0', message: BOARD_MESSAGES.outOfGrid });
    });

    it('computes every widget in one call, each equal to the query API for the same filter', async () => {
      // Made by ent-a's administrator, computed for a member of ent-a's staff, who may only read.
      const board = await newBoard(adminA);
      const filter = { from: '2025-01-01', to: '2026-12-31' };
      const data = await okData<DashboardData>(staffA, 'POST', at(BOARD_PATHS.data, board.id), { filter });
      expect(data.scope).toBe('enterprise');
      expect(data.filter).toEqual({ ...filter, warehouseId: null, enterpriseId: null });
      expect(data.charts.map((c) => [c.id, c.kind])).toEqual([
        ['kpi1', 'kpi'],
        ['bar1', 'stackedBar'],
        ['ring1', 'ring'],
      ]);
      const query = (body: object) => okData<DataQueryResult>(staffA, 'POST', DATA_PORTAL_PATHS.query, body);
      const chart = (id: string) => data.charts.find((c) => c.id === id) as ChartData;

      const kpi = await query({ dataset: 'contracts', dimensions: [], measures: ['amount'], filter, limit: 20 });
      const previous = await query({
        dataset: 'contracts',
        dimensions: [],
        measures: ['amount'],
        filter: { from: '2023-01-01', to: '2024-12-31' },
        limit: 20,
      });
      expect(chart('kpi1').kpi).toEqual({ value: kpi.rows[0]?.values[0] ?? 0, previous: previous.rows[0]?.values[0] ?? 0 });
      expect(chart('kpi1').unit).toBe('yuan');

      const ring = await query({ dataset: 'contracts', dimensions: ['contractType'], measures: ['amount', 'count'], filter, limit: 20 });
      expect(ring.rows.length).toBeGreaterThan(0);
      expect(chart('ring1').categories).toEqual(ring.rows.map((r) => r.keys[0]));
      expect(chart('ring1').series.map((s) => s.key)).toEqual(['amount', 'count']);
      expect(chart('ring1').series[0]!.values).toEqual(ring.rows.map((r) => r.values[0]));
      expect(chart('ring1').series[1]!.values).toEqual(ring.rows.map((r) => r.values[1]));

      const stacked = await query({ dataset: 'orders', dimensions: ['month', 'orderKind'], measures: ['amount'], filter, limit: 20 });
      const cells = new Map(stacked.rows.map((r) => [`${r.keys[0]}|${r.keys[1]}`, r.values[0]]));
      const bar = chart('bar1');
      expect(bar.categoryKind).toBe('month');
      expect([...bar.categories].sort()).toEqual(bar.categories);
      for (const s of bar.series) {
        expect(s.keyKind).toBe('code');
        bar.categories.forEach((c, i) => expect(s.values[i]).toBe(cells.get(`${c}|${s.key}`) ?? 0));
      }
      expect(bar.series.reduce((n, s) => n + s.values.filter((v) => v !== 0).length, 0)).toBe(
        stacked.rows.filter((r) => r.values[0] !== 0).length,
      );
    });

    it('offers in the filter only the warehouses of the enterprises whose figures the caller sees', async () => {
      const of = async (ids: string[] | null) => {
        const rows = await sql<{ id: number; name: string }>`SELECT id::int AS id, name FROM warehouses
          WHERE ${ids ? sql`enterprise_id IN (${sql.join(ids)})` : sql`true`} ORDER BY name, id`.execute(t().database.db);
        return rows.rows.map((w) => ({ id: Number(w.id), name: w.name }));
      };
      const own = await newBoard(adminA);
      const forA = await okData<DashboardData>(staffA, 'POST', at(BOARD_PATHS.data, own.id), { filter: {} });
      expect(forA.warehouses).toEqual(await of(['ent-a']));
      const platform = await newBoard(editor);
      const forPlatform = await okData<DashboardData>(editor, 'POST', at(BOARD_PATHS.data, platform.id), { filter: {} });
      expect(forPlatform.warehouses).toEqual(await of(null));
      expect(forPlatform.warehouses.length).toBeGreaterThan(forA.warehouses.length);
    });

    it('keeps another enterprise out: its boards are not listed, read, changed, computed or deleted', async () => {
      const board = await newBoard(editor);
      expect((await okData<Dashboard[]>(adminA, 'GET', BOARD_PATHS.boards)).map((b) => b.id)).not.toContain(board.id);
      expect((await call(adminA, 'GET', at(BOARD_PATHS.board, board.id))).statusCode).toBe(404);
      expect((await call(adminA, 'PUT', at(BOARD_PATHS.board, board.id), { version: 1, title: { zh: '改' } })).statusCode).toBe(404);
      expect((await call(adminA, 'PUT', at(BOARD_PATHS.layout, board.id), { version: 1, positions: [] })).statusCode).toBe(404);
      expect((await call(adminA, 'POST', at(BOARD_PATHS.data, board.id), {})).statusCode).toBe(404);
      expect((await call(adminA, 'DELETE', at(BOARD_PATHS.board, board.id))).statusCode).toBe(404);
      expect((await okData<Dashboard>(editor, 'GET', at(BOARD_PATHS.board, board.id))).version).toBe(1);
    });

    it('asks read for reading and write for changing', async () => {
      const board = await newBoard(editor);
      const denied = (res: { statusCode: number; json(): unknown }, permission: 'portalWebsites:read' | 'portalWebsites:write') => {
        expect(res.statusCode).toBe(403);
        expect((res.json() as { message: string }).message).toBe(PERMISSION_MESSAGES.denied(permission));
      };
      denied(await call(outsider, 'GET', BOARD_PATHS.boards), 'portalWebsites:read');
      denied(await call(outsider, 'POST', at(BOARD_PATHS.data, board.id), {}), 'portalWebsites:read');
      denied(await call(reader, 'POST', BOARD_PATHS.boards, { title: { zh: '看板' } }), 'portalWebsites:write');
      denied(await call(reader, 'PUT', at(BOARD_PATHS.layout, board.id), { version: 1, positions: [] }), 'portalWebsites:write');
      denied(await call(reader, 'DELETE', at(BOARD_PATHS.board, board.id)), 'portalWebsites:write');
      denied(await call(reader, 'POST', at(SCENE_PATHS.shares, board.id)), 'portalWebsites:write');
      expect((await call(null, 'GET', BOARD_PATHS.boards)).statusCode).toBe(401);
      // Reading is enough to see the figures.
      expect((await call(reader, 'POST', at(BOARD_PATHS.data, board.id), {})).statusCode).toBe(200);
    });
  });

  describe('scenes and their share links', () => {
    it('keeps boards and scenes apart', async () => {
      const scene = await newScene(editor);
      expect(scene).toMatchObject({ kind: 'scene', refreshSeconds: 30 });
      expect((await call(editor, 'GET', at(BOARD_PATHS.board, scene.id))).statusCode).toBe(404);
      expect((await okData<Dashboard[]>(editor, 'GET', SCENE_PATHS.scenes)).map((s) => s.id)).toContain(scene.id);
      expect((await okData<Dashboard[]>(editor, 'GET', BOARD_PATHS.boards)).map((s) => s.id)).not.toContain(scene.id);
    });

    it('opens by its share link without a session, with the same figures as the owner sees', async () => {
      const scene = await newScene(editor);
      const share = await okData<SceneShare>(editor, 'POST', at(SCENE_PATHS.shares, scene.id));
      expect((await okData<SceneShare[]>(editor, 'GET', at(SCENE_PATHS.shares, scene.id))).map((s) => s.id)).toEqual([share.id]);
      const res = await call(null, 'GET', at(PUBLIC_SCENE_PATH, share.token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const pub = res.json().data as PublicScene;
      expect(pub.title.zh).toBe('大屏');
      expect(pub.refreshSeconds).toBe(30);
      expect(pub.widgets.map((w) => w.id)).toEqual(['kpi1', 'bar1', 'ring1']);
      expect(pub).not.toHaveProperty('enterpriseId');
      expect(pub.data).not.toHaveProperty('enterprises');
      // The owner (ent-p, the platform) sees every enterprise: the link shows the same figures.
      const owner = await okData<DashboardData>(editor, 'POST', at(SCENE_PATHS.data, scene.id), {});
      expect(pub.data.scope).toBe('all');
      expect(pub.data.charts).toEqual(owner.charts);
    });

    it('shows only the owner enterprise scope: a scene of ent-a never shows ent-b figures', async () => {
      const scene = await newScene(adminA, [THREE[2]!]);
      const share = await okData<SceneShare>(adminA, 'POST', at(SCENE_PATHS.shares, scene.id));
      const pub = (await okData<PublicScene>(null, 'GET', at(PUBLIC_SCENE_PATH, share.token))).data;
      expect(pub.scope).toBe('enterprise');
      const filter = { from: pub.filter.from, to: pub.filter.to };
      const own = await okData<DataQueryResult>(adminA, 'POST', DATA_PORTAL_PATHS.query, {
        dataset: 'contracts',
        dimensions: ['contractType'],
        measures: ['amount', 'count'],
        filter,
        limit: 20,
      });
      const everyone = await okData<DataQueryResult>(editor, 'POST', DATA_PORTAL_PATHS.query, {
        dataset: 'contracts',
        dimensions: ['contractType'],
        measures: ['amount', 'count'],
        filter,
        limit: 20,
      });
      const chart = pub.charts[0]!;
      expect(chart.series[1]!.values).toEqual(own.rows.map((r) => r.values[1]));
      const total = (r: DataQueryResult) => r.rows.reduce((n, row) => n + row.values[1]!, 0);
      // ent-b has contracts of its own in the seed: the platform's total is larger than ent-a's.
      expect(total(everyone)).toBeGreaterThan(total(own));
      expect(chart.series[1]!.values.reduce((a, b) => a + b, 0)).toBe(total(own));
    });

    it('refuses a revoked, tampered or made-up link with the same clear message, and a deleted scene ends its links', async () => {
      const scene = await newScene(editor);
      const share = await okData<SceneShare>(editor, 'POST', at(SCENE_PATHS.shares, scene.id));
      const other = await okData<SceneShare>(editor, 'POST', at(SCENE_PATHS.shares, scene.id));
      const invalid = async (token: string) => {
        const res = await call(null, 'GET', at(PUBLIC_SCENE_PATH, encodeURIComponent(token)));
        expect(res.statusCode, token).toBe(404);
        expect(res.json().message).toBe(BOARD_MESSAGES.shareInvalid);
      };
      const [id, sig] = share.token.split('.') as [string, string];
      await invalid(`${id}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
      await invalid(`${other.id}.${sig}`);
      await invalid('not-a-token');
      await invalid(`${'A'.repeat(40)}.${'B'.repeat(50)}`);

      // Another enterprise cannot revoke it; its owner can, and the link stops at once.
      expect((await call(adminA, 'DELETE', at(SCENE_PATHS.share, scene.id, share.id))).statusCode).toBe(404);
      expect((await call(null, 'GET', at(PUBLIC_SCENE_PATH, share.token))).statusCode).toBe(200);
      expect(await okData(editor, 'DELETE', at(SCENE_PATHS.share, scene.id, share.id))).toEqual({ id: share.id });
      await invalid(share.token);
      expect((await call(editor, 'DELETE', at(SCENE_PATHS.share, scene.id, share.id))).statusCode).toBe(404);
      expect((await okData<SceneShare[]>(editor, 'GET', at(SCENE_PATHS.shares, scene.id))).map((s) => s.id)).toEqual([other.id]);

      expect((await call(null, 'GET', at(PUBLIC_SCENE_PATH, other.token))).statusCode).toBe(200);
      await okData(editor, 'DELETE', at(SCENE_PATHS.scene, scene.id));
      await invalid(other.token);
    });

    it('does not let another enterprise share or list the shares of a scene', async () => {
      const scene = await newScene(editor);
      expect((await call(adminA, 'POST', at(SCENE_PATHS.shares, scene.id))).statusCode).toBe(404);
      expect((await call(adminA, 'GET', at(SCENE_PATHS.shares, scene.id))).statusCode).toBe(404);
      expect((await call(staffA, 'GET', at(SCENE_PATHS.scene, scene.id))).statusCode).toBe(404);
    });
  });

  describe('widgets bound to an indicator', () => {
    type Fields = Omit<IndicatorNode, 'id' | 'key' | 'parentKey'>;
    const tree = () => okData<IndicatorTree>(editor, 'GET', INDICATOR_PATHS.tree);
    /** ent-p's tree as it is, with `extra` indicators added at the top level and `change` applied to every node. */
    const saveTree = async (extra: Fields[], change: (n: IndicatorNode) => IndicatorNode | null = (n) => n) => {
      const tr = await tree();
      const nodes: IndicatorNode[] = [
        ...tr.indicators.map((i) => indicatorNodeOf(i)),
        ...extra.map((f, n) => ({ ...f, key: `new${n}`, parentKey: null })),
      ];
      const kept = nodes.map(change).filter((n): n is IndicatorNode => n !== null);
      return okData<IndicatorTree>(editor, 'PUT', INDICATOR_PATHS.tree, { baseVersion: tr.version, indicators: kept });
    };
    const indicator = (code: string, over: Partial<Fields>): Fields => ({
      code,
      name: code,
      definition: '',
      unit: 'yuan',
      frequency: 'month',
      aggregation: 'sum',
      datasetId: 'contracts',
      field: 'amount',
      ownerId: null,
      status: 'active',
      ...over,
    });
    const idOf = (tr: IndicatorTree, code: string) => tr.indicators.find((i) => i.code === code)!.id;
    const filter = { from: '2025-01-01', to: '2026-12-31' };
    const before = { from: '2023-01-01', to: '2024-12-31' };
    const months = (from: string, to: string) => {
      const out: string[] = [];
      for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
        for (let m = 1; m <= 12; m++) out.push(`${y}-${String(m).padStart(2, '0')}`);
      return out.filter((m) => m >= from.slice(0, 7) && m <= to.slice(0, 7));
    };
    /** The query API's monthly figures of contracts' `measure`, by `dimension` (or none), for the caller. */
    const monthly = async (f: { from: string; to: string }, measure: string, dimension?: string) => {
      const r = await okData<DataQueryResult>(editor, 'POST', DATA_PORTAL_PATHS.query, {
        dataset: 'contracts',
        dimensions: dimension ? [dimension, 'month'] : ['month'],
        measures: [measure],
        filter: f,
        limit: 1000,
      });
      expect(r.truncated).toBe(false);
      const out = new Map<string, Map<string, number>>();
      for (const row of r.rows) {
        const key = dimension ? row.keys[0]! : '';
        const month = row.keys[row.keys.length - 1]!;
        out.set(key, (out.get(key) ?? new Map()).set(month, row.values[0]!));
      }
      return out;
    };

    it("draws the indicator's source, combining its periods by its aggregation, and follows the indicator when it changes", async () => {
      const tr = await saveTree([
        indicator('T.AVG', { aggregation: 'avg' }),
        indicator('T.MAX', { aggregation: 'max' }),
        indicator('T.LATEST_Q', { aggregation: 'latest', frequency: 'quarter' }),
        indicator('T.SUM', { aggregation: 'sum' }),
      ]);
      const bound = (id: string, kind: WidgetInput['kind'], code: string, dimensions: string[], x: number) =>
        widget(id, {
          kind,
          // The dataset and measure sent are replaced by the indicator's.
          binding: { indicatorId: idOf(tr, code), dataset: 'orders', dimensions, measures: ['count'] },
          position: { x, y: 0, w: 3, h: 3 },
        });
      const board = await newBoard(editor, [
        bound('avg', 'kpi', 'T.AVG', [], 0),
        bound('max', 'bar', 'T.MAX', ['contractType'], 3),
        bound('latestQ', 'kpi', 'T.LATEST_Q', [], 6),
        bound('sum', 'kpi', 'T.SUM', [], 9),
      ]);
      expect(board.widgets.map((w) => [w.binding.indicatorId, w.binding.dataset, w.binding.measures])).toEqual(
        ['T.AVG', 'T.MAX', 'T.LATEST_Q', 'T.SUM'].map((c) => [idOf(tr, c), 'contracts', ['amount']]),
      );

      const data = await okData<DashboardData>(editor, 'POST', at(BOARD_PATHS.data, board.id), { filter });
      const chart = (id: string) => data.charts.find((c) => c.id === id) as ChartData;
      const now = (await monthly(filter, 'amount')).get('') ?? new Map<string, number>();
      const then = (await monthly(before, 'amount')).get('') ?? new Map<string, number>();
      const figures = (m: Map<string, number>, range: string[]) => range.map((month) => m.get(month) ?? 0);
      const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const nowMonths = figures(now, months(filter.from, filter.to));
      expect(nowMonths.length).toBe(24);
      expect(total(nowMonths)).toBeGreaterThan(0);
      expect(chart('avg').kpi!.value).toBeCloseTo(total(nowMonths) / 24, 6);
      expect(chart('avg').kpi!.previous).toBeCloseTo(total(figures(then, months(before.from, before.to))) / 24, 6);
      expect(chart('sum').kpi!.value).toBeCloseTo(total(nowMonths), 6);

      // latest by quarter: the last quarter of the period with a figure.
      const quarters = Array.from({ length: 8 }, (_, q) => total(nowMonths.slice(q * 3, q * 3 + 3)));
      expect(chart('latestQ').kpi!.value).toBeCloseTo([...quarters].reverse().find((v) => v !== 0) ?? 0, 6);

      // max by contract type: each type's largest month, the largest first.
      const byType = await monthly(filter, 'amount', 'contractType');
      const expected = [...byType.entries()]
        .map(([type, m]) => [type, Math.max(...figures(m, months(filter.from, filter.to)))] as const)
        .sort((a, b) => b[1] - a[1]);
      expect(chart('max').categories).toEqual(expected.map(([t]) => t));
      expect(chart('max').series[0]!.values).toEqual(expected.map(([, v]) => v));

      // The indicator's source changes: the widget follows it at its next drawing.
      await saveTree([], (n) => (n.code === 'T.SUM' ? { ...n, field: 'count', unit: 'count' } : n));
      const after = await okData<DashboardData>(editor, 'POST', at(BOARD_PATHS.data, board.id), { filter });
      const counts = await okData<DataQueryResult>(editor, 'POST', DATA_PORTAL_PATHS.query, {
        dataset: 'contracts',
        dimensions: [],
        measures: ['count'],
        filter,
        limit: 20,
      });
      const sum = after.charts.find((c) => c.id === 'sum')!;
      expect(sum.series[0]!.key).toBe('count');
      expect(sum.kpi!.value).toBe(counts.rows[0]?.values[0] ?? 0);

      // A deleted indicator leaves the widget drawing the source it last had (contracts' amount, summed).
      await saveTree([], (n) => (n.code === 'T.SUM' ? null : n));
      const orphan = (await okData<DashboardData>(editor, 'POST', at(BOARD_PATHS.data, board.id), { filter })).charts.find(
        (c) => c.id === 'sum',
      )!;
      expect(orphan.series[0]!.key).toBe('amount');
      expect(orphan.kpi!.value).toBeCloseTo(total(nowMonths), 6);
    });

    it('seeds the cockpit with two KPIs drawn from the indicator system', async () => {
      const tr = await tree();
      const list = await okData<{ id: number; title: { zh: string } }[]>(editor, 'GET', BOARD_PATHS.boards);
      const cockpit = await okData<Dashboard>(editor, 'GET', at(BOARD_PATHS.board, list.find((b) => b.title.zh === '经营驾驶舱')!.id));
      const bound = cockpit.widgets.filter((w) => w.binding.indicatorId !== null).map((w) => [w.id, w.binding.indicatorId]);
      expect(bound).toEqual([
        ['contractAmount', idOf(tr, 'BIZ.CONTRACT_AMOUNT')],
        ['loanAmount', idOf(tr, 'FIN.LOAN_APPLIED')],
      ]);
    });

    it('refuses an indicator of another enterprise, one without a source, and a fold over two dimensions', async () => {
      const tr = await saveTree([indicator('T.GROUP', { datasetId: '', field: '' }), indicator('T.AVG2', { aggregation: 'avg' })]);
      const attempt = (s: TestSession, code: string, dimensions: string[], kind: WidgetInput['kind'] = 'bar') =>
        call(s, 'POST', BOARD_PATHS.boards, {
          title: { zh: '看板', en: '', es: '' },
          widgets: [
            widget('w', { kind, binding: { indicatorId: idOf(tr, code), dataset: 'contracts', dimensions, measures: ['amount'] } }),
          ],
        });
      // ent-a's administrator names ent-p's indicator: it does not exist for ent-a.
      const foreign = await attempt(adminA, 'T.AVG2', ['contractType']);
      expect(foreign.statusCode).toBe(400);
      expect(fieldsOf(foreign)).toEqual([{ field: 'widgets.0.binding.indicatorId', message: BOARD_MESSAGES.indicatorUnknown }]);
      const group = await attempt(editor, 'T.GROUP', ['contractType']);
      expect(group.statusCode).toBe(400);
      expect(fieldsOf(group)).toEqual([{ field: 'widgets.0.binding.indicatorId', message: BOARD_MESSAGES.indicatorWithoutSource }]);
      const two = await attempt(editor, 'T.AVG2', ['contractType', 'status'], 'stackedBar');
      expect(two.statusCode).toBe(400);
      expect(fieldsOf(two)).toEqual([{ field: 'widgets.0.binding.dimensions', message: BOARD_MESSAGES.indicatorFoldDimensions }]);
      // With the month as one of them, the periods are the months themselves: nothing to fold, so it is allowed.
      expect((await attempt(editor, 'T.AVG2', ['month', 'contractType'], 'stackedBar')).statusCode).toBe(200);
    });
  });
});
