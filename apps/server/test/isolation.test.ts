// Enterprises apart, route by route: every route that takes an id (path parameter, query or body field) is called by
// enterprise A's administrator (who holds every permission) with the real ids of enterprise B's rows, taken from the
// database. No reply may carry B's row (reads answer 404 or nothing), and B's rows read the same afterwards.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { RegisteredRoute } from '../src/plugins/access.js';
import { UPLOAD_PATHS } from '@tfb/contract';
import { multipart, pdf } from './helpers/files.js';
import { replyProblem } from './helpers/fuzz-reply.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';
import { objectShape, toQueryValue, validArbitrary } from './helpers/zod-arbitrary.js';

const A = 'ent-a';
const B = 'ent-b';
/** How many of B's rows of each table every id-taking field is tried with. */
const IDS_PER_TABLE = 3;

/** The table an id field names, by field name (`where.name`); `id` itself depends on the route (ID_OF_PATH). */
const FIELD_TABLES: Record<string, string> = {
  'path.userId': 'users',
  'querystring.userId': 'users',
  'querystring.goodsCategoryId': 'goods_categories',
  'body.goodsCategoryId': 'goods_categories',
  'querystring.warehouseId': 'warehouses',
  'querystring.superviseId': 'users',
  'path.printId': 'print_documents',
  'body.noticeId': 'in_storage_notices',
  'body.instructionId': 'delivery_instructions',
  'body.projectId': 'projects',
  'body.salesOrderId': 'sales_orders',
  'body.purchaseOrderId': 'purchase_orders',
  'body.deliveryAddressId': 'delivery_addresses',
  'body.contractId': 'contracts',
  'body.alertId': 'warning_messages',
  'body.processInstanceId': 'process_instances',
  'path.processInstanceId': 'process_instances',
  'body.businessId': 'contracts',
  'body.taskId': 'process_history',
  'querystring.excludeLoanId': 'loan_applications',
  'querystring.excludeSettlementId': 'settlements',
  'body.parentId': 'portal_columns',
  'querystring.columnId': 'portal_columns',
  // A content item's version number is looked up within the item: B's item ids stand in for numbers B's items have.
  'path.version': 'portal_items',
  'path.shareId': 'data_scene_shares',
  // A certificate is asked for by its entry's index in the document log.
  'path.index': 'document_log_entries',
  // P28: the notice form's contract and warehouse, the delivery application's loan and warehouse.
  'querystring.contractId': 'contracts',
  'body.warehouseId': 'warehouses',
  'querystring.loanId': 'loan_applications',
  'body.loanId': 'loan_applications',
};

/** Tables whose rows are named by a column other than `id`. */
const ID_COLUMNS: Record<string, string> = { document_log_entries: 'leaf_index' };
const idColumnOf = (table: string) => sql.ref(ID_COLUMNS[table] ?? 'id');

/** Path parameters that name no row: keys of the contract (a built-in dataset, a statistics page, a chart). */
const NOT_ROW_IDS: [RegExp, string][] = [
  [/^\/api\/data-portal\/datasets\/:id$/, 'id'],
  [/^\/api\/statistics\/:page/, 'page'],
  [/^\/api\/statistics\/:page\/charts\/:chartId/, 'chartId'],
  // The platform's dictionaries (no enterprise's rows) and the number keys of the contract (system settings, P25).
  [/^\/api\/system\/dict-groups\/:group/, 'group'],
  [/^\/api\/system\/dict-groups\/:group\/entries\/:dictKey$/, 'dictKey'],
  [/^\/api\/system\/number-rules\/:numberKey$/, 'numberKey'],
  // The product catalogue is the platform's: every enterprise reads the same products (issue 14).
  [/\/products\/:id(\/shelf)?$/, 'id'],
];

/** Fields naming the platform's own rows, which no enterprise owns (a signing's product). */
const PLATFORM_ROW_FIELDS = ['querystring.productId', 'body.productId'];

/** The table a route's own `id` (path, query or body) names, by the route's path. */
const ID_OF_PATH: [RegExp, string][] = [
  [/inStorageManage\/(detail|pathDownLoad)$/, 'in_storage_notices'],
  [/mlzDeliveryManage\/detail$/, 'delivery_instructions'],
  [/inStorageOrder\/detail$/, 'in_storage_orders'],
  [/outboundOrder\/detail$/, 'outbound_orders'],
  [/mlzBillListPath(Info)?Update$/, 'delivery_addresses'],
  [/findFundContactAndOrder$/, 'contracts'],
  [/common\/file\/:id/, 'stored_files'],
  [/\/contracts\/:id$/, 'contracts'],
  [/\/salesOrders\/:id$/, 'sales_orders'],
  [/mlzSalesOrder\/findGoodsList$/, 'sales_orders'],
  [/\/purchaseOrders\/:id$/, 'purchase_orders'],
  [/\/projects\/:id$/, 'projects'],
  [/\/loanApplications\/:id$/, 'loan_applications'],
  [/\/settlements\/:id$/, 'settlements'],
  [/\/productSignings\/:id(\/[\w/]+)?$/, 'product_signings'],
  [/\/goods\/:id$/, 'goods'],
  [/\/api\/goods\/categories\/:id(\/\w+)?$/, 'goods_categories'],
  [/\/api\/audit$/, 'contracts'],
  [/\/api\/portal\/\w+\/columns\/:id(\/move)?$/, 'portal_columns'],
  [/\/api\/portal\/\w+\/content\/\w+\/:id(\/[\w:]+)*$/, 'portal_items'],
  [/\/api\/portal\/\w+\/media\/:id(\/uses)?$/, 'portal_media'],
  [/\/api\/data-portal\/indicators\/:id(\/[\w:]+)*$/, 'indicators'],
  [/\/api\/data-portal\/uploads\/:id(\/refresh)?$/, 'uploaded_datasets'],
  [/\/api\/data-portal\/(boards|scenes)\/:id(\/[\w:]+)*$/, 'data_dashboards'],
  [/\/api\/customers\/enterprises\/:id$/, 'customer_enterprises'],
  [/inStorageNotice\/mineDetail$/, 'in_storage_notices'],
  [/deliveryApply\/detail$/, 'delivery_applications'],
];

/** Kinds of row the demo seed has for enterprise A only. */
const CLONED_FOR_B = ['outbound_orders'];

/** Rows that belong to an enterprise through their parent (no enterprise column of their own). */
const CHILD_TABLES: Record<string, [column: string, parent: string]> = {
  delivery_apply_goods: ['instruction_id', 'delivery_instructions'],
  in_storage_notice_goods: ['notice_id', 'in_storage_notices'],
  in_storage_order_goods: ['order_id', 'in_storage_orders'],
  outbound_order_goods: ['order_id', 'outbound_orders'],
  process_history: ['process_instance_id', 'process_instances'],
  goods_images: ['goods_id', 'goods'],
  uploaded_dataset_rows: ['dataset_id', 'uploaded_datasets'],
  delivery_application_goods: ['application_id', 'delivery_applications'],
};

type IdField = { where: 'path' | 'querystring' | 'body'; name: string; table: string };
type Json = Record<string, unknown>;

/** The id-taking fields of a route, each with the table its ids come from; enterprise ids are sent as B's. */
function idFields(route: RegisteredRoute): { fields: IdField[]; unmapped: string[] } {
  const fields: IdField[] = [];
  const unmapped: string[] = [];
  const consider = (where: IdField['where'], name: string) => {
    if (where === 'path' && NOT_ROW_IDS.some(([re, param]) => param === name && re.test(route.url))) return;
    if (PLATFORM_ROW_FIELDS.includes(`${where}.${name}`)) return;
    if (name === 'enterpriseId') return fields.push({ where, name, table: 'enterprises' });
    const table = name === 'id' ? ID_OF_PATH.find(([re]) => re.test(route.url))?.[1] : FIELD_TABLES[`${where}.${name}`];
    if (table) fields.push({ where, name, table });
    else unmapped.push(`${route.method} ${route.url} ${where}.${name}`);
  };
  for (const m of route.url.matchAll(/:(\w+)/g)) consider('path', m[1]!);
  for (const where of ['querystring', 'body'] as const) {
    const schema = route.schema?.[where] as z.ZodType | undefined;
    for (const name of Object.keys((schema && objectShape(schema)) ?? {})) if (/(^id|Id)$/.test(name)) consider(where, name);
  }
  return { fields, unmapped };
}

/** How many generated values are tried for one that the route's own schema accepts. */
const SAMPLE_TRIES = 500;

/**
 * One value of a schema that the schema itself accepts (fixed seed), as the starting point of a request: the
 * generator does not know every refinement and preprocessing step, so its values are filtered by the schema, and
 * a request then fails (if at all) on the id under test rather than on validation.
 */
const sampleOf = (schema: unknown, seed: number): Json => {
  if (!schema) return {};
  const zod = schema as z.ZodType;
  const values = fc.sample(validArbitrary(zod), { numRuns: SAMPLE_TRIES, seed });
  const v = values.find((x) => zod.safeParse(x).success) ?? values[0];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
};

describeEachDatabase("isolation: every id-taking route with another enterprise's ids", (t) => {
  let admin: TestSession;
  let routes: RegisteredRoute[] = [];
  const bIds = new Map<string, (string | number)[]>();
  const tallies = { calls: 0, unreached: 0, byStatus: new Map<number, number>() };
  /** One of A's own rows per table, for the id fields not under test. */
  const aIds = new Map<string, string | number>();

  const db = () => t().database.db;
  const columnsOf = async (table: string): Promise<string[]> =>
    (await db().introspection.getTables()).find((x) => x.name === table)?.columns.map((c) => c.name) ?? [];

  /** Every row of B (own tables and their child rows), as sorted JSON per table. */
  const snapshotB = async (): Promise<Map<string, string[]>> => {
    const out = new Map<string, string[]>();
    for (const table of await db().introspection.getTables()) {
      const names = table.columns.map((c) => c.name);
      const child = CHILD_TABLES[table.name];
      let rows: unknown[];
      if (names.includes('enterprise_id')) {
        rows = (await sql<Json>`select * from ${sql.table(table.name)} where enterprise_id = ${B}`.execute(db())).rows;
      } else if (child) {
        const [column, parent] = child;
        rows = (
          await sql<Json>`select * from ${sql.table(table.name)} where ${sql.ref(column)} in (select id from ${sql.table(parent)} where enterprise_id = ${B})`.execute(
            db(),
          )
        ).rows;
      } else continue;
      out.set(table.name, rows.map((r) => JSON.stringify(r)).sort());
    }
    return out;
  };

  let before: Map<string, string[]>;

  /** Copies one of A's rows of a table as B's (a new id, B's enterprise), unless B already has one. */
  const cloneForB = async (table: string) => {
    const has = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where enterprise_id = ${B}`.execute(db());
    if (has.rows[0]!.n > 0) return;
    const meta = (await db().introspection.getTables()).find((x) => x.name === table)!;
    const idColumn = meta.columns.find((c) => c.name === 'id')!;
    const copied = meta.columns
      .filter((c) => c.name !== 'enterprise_id' && !(c.name === 'id' && idColumn.hasDefaultValue))
      .map((c) => c.name);
    const select = copied.map((c) =>
      c !== 'id'
        ? sql.ref(c)
        : idColumn.dataType === 'uuid'
          ? sql`gen_random_uuid()`
          : /int/.test(idColumn.dataType)
            ? sql`${sql.ref(c)} + 1000000`
            : sql`${sql.ref(c)} || '-b'`,
    );
    await sql`insert into ${sql.table(table)} (${sql.join(copied.map((c) => sql.ref(c)))}, enterprise_id)
      select ${sql.join(select)}, ${B} from ${sql.table(table)} where enterprise_id = ${A} order by id limit 1`.execute(db());
  };

  beforeAll(async () => {
    admin = await t().enter('demo-admin');
    expect(admin.user.enterpriseId).toBe(A);
    routes = t().app.routeAccess.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
    const tables = new Set(routes.flatMap((r) => idFields(r).fields.map((f) => f.table)));
    // Kinds of row the demo seed gives only enterprise A: B gets a copy of one of A's, so each route has B's ids.
    for (const table of tables) if (CLONED_FOR_B.includes(table)) await cloneForB(table);
    // The demo's portal trees are the operating enterprise's: B gets a column of its own.
    await sql`insert into portal_column_trees (enterprise_id, site) values (${B}, 'portalWebsite')`.execute(db());
    await sql`insert into portal_columns (enterprise_id, site, name, slug, kind, create_user_id, create_user_name, change_user_id, change_user_name)
      values (${B}, 'portalWebsite', '企业动态', 'news', 'list', 'demo-b-staff', 'lina', 'demo-b-staff', 'lina')`.execute(db());
    // …and an article in it, with its first version.
    await sql`insert into portal_items (enterprise_id, site, type, title, draft, create_user_id, create_user_name, change_user_id, change_user_name)
      values (${B}, 'portalWebsite', 'article', 'B 的文章', '{"title":"B 的文章"}', 'demo-b-staff', 'lina', 'demo-b-staff', 'lina')`.execute(
      db(),
    );
    await sql`insert into portal_item_versions (item_id, version, title, data, user_id, user_name)
      select id, 1, title, draft, 'demo-b-staff', 'lina' from portal_items where enterprise_id = ${B}`.execute(db());
    // And a file of its own in the site's media library.
    await sql`insert into portal_media (enterprise_id, site, kind, file_name, alt, sha256, size_bytes, mime_type, create_user_id, create_user_name)
      values (${B}, 'portalWebsite', 'image', 'b-logo.png', '企业标志', ${'b'.repeat(64)}, 10, 'image/png', 'demo-b-staff', 'lina')`.execute(
      db(),
    );
    // The demo's indicator tree is the operating enterprise's: B gets an indicator of its own, with its first version.
    await sql`insert into indicator_trees (enterprise_id, version) values (${B}, 1)`.execute(db());
    await sql`insert into indicators (enterprise_id, code, name, unit, frequency, aggregation, status, create_user_id, change_user_id, change_user_name)
      values (${B}, 'B.SALES', 'B 的销售额', 'yuan', 'month', 'sum', 'active', 'demo-b-staff', 'demo-b-staff', 'lina')`.execute(db());
    await sql`insert into indicator_versions (indicator_id, enterprise_id, version, action, changes, snapshot, user_id, user_name)
      select id, enterprise_id, 1, 'create', '[]', '{}', 'demo-b-staff', 'lina' from indicators where enterprise_id = ${B}`.execute(db());
    // And an uploaded dataset with a row.
    const dataset = await sql<{
      id: string;
    }>`insert into uploaded_datasets (enterprise_id, name, file_name, columns, row_count, create_user_id, create_user_name)
      values (${B}, 'B 的库存', 'b.csv', ${JSON.stringify([{ name: 'c1', header: '省份', title: '省份', type: 'province', role: 'dimension', unit: null }])}, 1, 'demo-b-staff', 'lina')
      returning id`.execute(db());
    await sql`insert into uploaded_dataset_rows (dataset_id, row_no, cells) values (${dataset.rows[0]!.id}, 2, '["上海"]')`.execute(db());
    // A board of A's own (what an update sends), and a board and a shared scene of B's.
    const dashboard = (enterprise: string, kind: 'board' | 'scene') =>
      sql`insert into data_dashboards (enterprise_id, kind, title_zh, filter, refresh_seconds, create_user_id, create_user_name, update_user_name)
        values (${enterprise}, ${kind}, ${'看板'}, ${'{"period":"last12Months","warehouseId":null,"enterpriseId":null}'}, ${kind === 'scene' ? 60 : null}, 'u', 'u', 'u')`.execute(
        db(),
      );
    // The demo's delivery applications are A's (P28): B gets one of its own, on its own loan and warehouse.
    await sql`insert into delivery_applications (enterprise_id, code, loan_id, contract_id, warehouse_id, warehouse_name, plan_delivery_time, created_by)
      select ${B}, 'THSQ-B-00001', l.id, l.contract_id, w.id, w.name, '2026-12-01', 'demo-b-staff'
      from loan_applications l, warehouses w
      where l.enterprise_id = ${B} and l.contract_id is not null and w.enterprise_id = ${B}
      order by l.id, w.id limit 1`.execute(db());
    await dashboard(A, 'board');
    await dashboard(A, 'scene');
    await dashboard(B, 'board');
    await dashboard(B, 'scene');
    await sql`insert into data_scene_shares (id, dashboard_id, enterprise_id, create_user_id, create_user_name)
      select 'b-share-0123456789abcdef', id, enterprise_id, 'demo-b-staff', 'lina' from data_dashboards where enterprise_id = ${B} and kind = 'scene'`.execute(
      db(),
    );
    // No file is seeded: B uploads one, as its staff would.
    const b = await t().enter('demo-b-staff');
    const { payload, headers } = multipart([{ name: 'file', filename: 'b-contract.pdf', content: pdf() }]);
    const uploaded = await t().app.inject({ method: 'POST', url: UPLOAD_PATHS.upload, headers: { ...b.headers, ...headers }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    for (const table of tables) {
      if (table === 'enterprises') {
        bIds.set(table, [B]);
        continue;
      }
      const child = CHILD_TABLES[table];
      const query = child
        ? sql<{
            id: string | number;
          }>`select id from ${sql.table(table)} where ${sql.ref(child[0])} in (select id from ${sql.table(child[1])} where enterprise_id = ${B}) order by id limit ${IDS_PER_TABLE}`
        : (await columnsOf(table)).includes('enterprise_id')
          ? sql<{
              id: string | number;
            }>`select ${idColumnOf(table)} as id from ${sql.table(table)} where enterprise_id = ${B} order by 1 limit ${IDS_PER_TABLE}`
          : undefined;
      if (!query) throw new Error(`no way to tell enterprise B's rows of ${table}`);
      bIds.set(
        table,
        (await query.execute(db())).rows.map((r) => r.id),
      );
      const own = child
        ? sql<{
            id: string | number;
          }>`select id from ${sql.table(table)} where ${sql.ref(child[0])} in (select id from ${sql.table(child[1])} where enterprise_id = ${A}) order by id limit 1`
        : sql<{
            id: string | number;
          }>`select ${idColumnOf(table)} as id from ${sql.table(table)} where enterprise_id = ${A} order by 1 limit 1`;
      const ownRowId = (await own.execute(db())).rows[0]?.id;
      if (ownRowId !== undefined) aIds.set(table, ownRowId);
    }
    aIds.set('enterprises', A);
    before = await snapshotB();
  });

  afterAll(() => {
    console.log(
      `isolation [${t().kind}]: ${tallies.calls} cross-enterprise calls (${tallies.unreached} stopped by validation before the id lookup); by status: ${[
        ...tallies.byStatus,
      ]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
  });

  it('maps every id-taking field of every route to the table its ids come from, and B has rows in each', () => {
    // Public routes (sign-in with a user id) read no enterprise's data.
    const unmapped = routes.filter((r) => r.access !== 'public').flatMap((r) => idFields(r).unmapped);
    expect(unmapped).toEqual([]);
    // Warehouses belong to the storage company and print documents are made by warehouse users (enterprise C):
    // B has none of either; the warehouse tests cover those across warehouses.
    const empty = [...bIds]
      .filter(([table, ids]) => !['warehouses', 'print_documents'].includes(table) && ids.length === 0)
      .map(([table]) => table);
    expect(empty).toEqual([]);
  });

  it("no reply carries B's row and nothing of B changes", { timeout: 120_000 }, async () => {
    const leaks: string[] = [];
    for (const route of routes) {
      const { fields } = idFields(route);
      if (!fields.length || route.access === 'public') continue;
      for (const field of fields) {
        for (const [i, id] of (bIds.get(field.table) ?? []).entries()) {
          // A plausible request, with B's id in the one field under test; for an update, A's own row as the body
          // (what the web app sends), so the call gets past validation to the lookup.
          let body = sampleOf(route.schema?.body, i + 1);
          let ownId: unknown = 1;
          if (route.method === 'PUT' && route.url.endsWith('/:id')) {
            const own = await ownRow(route.url);
            if (own) [body, ownId] = [own, own.id];
          }
          const query = sampleOf(route.schema?.querystring, i + 1);
          // The first page, so a list filtered by B's id would show B's rows if it leaked them.
          for (const k of Object.keys(query)) if (/^page/.test(k)) delete query[k];
          let url = route.url;
          for (const m of route.url.matchAll(/:(\w+)/g))
            url = url.replace(`:${m[1]}`, encodeURIComponent(String(field.where === 'path' && field.name === m[1] ? id : ownId)));
          // The route's other id fields name A's own rows, so B's id is the only foreign thing in the request.
          for (const other of fields) {
            if (other === field || other.where === 'path') continue;
            const own = aIds.get(other.table);
            if (own === undefined) continue;
            if (other.where === 'querystring' && other.name in query) query[other.name] = String(own);
            if (other.where === 'body' && other.name in body) body[other.name] = own;
          }
          if (field.where === 'querystring') query[field.name] = String(id);
          if (field.where === 'body') body[field.name] = id;
          const res = await t().app.inject({
            method: route.method as 'GET',
            url,
            headers: admin.headers,
            query: Object.fromEntries(
              Object.entries(query).flatMap(([k, v]) => (toQueryValue(v) === undefined ? [] : [[k, toQueryValue(v)!]])),
            ),
            ...(route.method === 'GET' ? {} : { payload: body }),
          });
          tallies.calls++;
          tallies.byStatus.set(res.statusCode, (tallies.byStatus.get(res.statusCode) ?? 0) + 1);
          // A 400 that does not name the field under test stopped the call before it looked the id up.
          if (res.statusCode === 400 && !(res.json() as { errors?: { field: string }[] }).errors?.some((e) => e.field === field.name))
            tallies.unreached++;
          const label = `${route.method} ${url} with B's ${field.table} ${id} in ${field.where}.${field.name}: ${res.statusCode} ${res.body.slice(0, 300)}`;
          const problem = replyProblem(res, route.method);
          if (problem) leaks.push(`${label}: ${problem}`);
          if (res.statusCode === 200 && carriesB(res, field, id)) leaks.push(label);
          if (process.env.ISOLATION_DEBUG && String(res.statusCode).startsWith(process.env.ISOLATION_DEBUG)) console.log(label);
        }
      }
    }
    expect(leaks).toEqual([]);
    const after = await snapshotB();
    for (const [table, rows] of before) expect(after.get(table), `B's ${table}`).toEqual(rows);
  });

  /** A's own row of an update route's kind, read through the route's GET (its reply is what the web edits). */
  async function ownRow(url: string): Promise<Json | undefined> {
    const table = ID_OF_PATH.find(([re]) => re.test(url))?.[1];
    if (!table) return undefined;
    const row = (await sql<{ id: number }>`select id from ${sql.table(table)} where enterprise_id = ${A} order by id limit 1`.execute(db()))
      .rows[0];
    if (!row) return undefined;
    const res = await t().app.inject({ method: 'GET', url: url.replace(':id', String(row.id)), headers: admin.headers });
    return res.statusCode === 200 ? (res.json() as { data: Json }).data : undefined;
  }

  /**
   * Whether a successful reply carries B's row: B's enterprise id anywhere in it, or the id sent as the id of the
   * answered record (or of a record in the answered page) when the field names the route's own record.
   */
  function carriesB(res: LightMyRequestResponse, field: IdField, id: string | number): boolean {
    if (!String(res.headers['content-type'] ?? 'application/json').includes('json')) return true;
    if (res.body.includes(`"${B}"`)) return true;
    if (field.name !== 'id' && field.where !== 'path') return false;
    const data = (res.json() as { data: unknown }).data;
    const records: unknown[] = Array.isArray(data)
      ? data
      : data && typeof data === 'object' && Array.isArray((data as Json).content)
        ? ((data as Json).content as unknown[])
        : [data];
    return records.some(
      (r) =>
        r !== null &&
        typeof r === 'object' &&
        ((r as Json).id === id || String((r as Json).id) === String(id)) &&
        field.table !== 'enterprises',
    );
  }
});
