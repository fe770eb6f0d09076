// Aggregates of the built-in datasets for a caller: the scope from the session, the filter narrowed within it, the
// figures computed in SQL (grouped, ordered and limited there) and cached until a table behind them changes.
import { sql, type Kysely } from 'kysely';
import {
  BUILT_IN_DATASETS,
  DATA_PORTAL_MESSAGES,
  type BuiltInDatasetId,
  type DataFilter,
  type DataScope,
  type DatasetField,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { fieldError } from '../../lib/errors.js';
import type { Session } from '../../plugins/session.js';
import { FiguresCache, Lru, readVersion, versionKey, type DataVersion } from '../../lib/version-cache.js';
import { DATASET_SQL, type QueryContext, type WarehouseInfo } from './datasets.js';
import { provinceOf } from './province.js';
import { narrowScope, resolveEnterpriseScope, resolveScope, type ResolvedScope } from './scope.js';

/** What is asked of one dataset. `where` narrows rows to dimension values (the server's own charts only). */
export type AggregateSpec = {
  dataset: BuiltInDatasetId;
  dimensions: readonly string[];
  measures: readonly string[];
  where?: Readonly<Record<string, string>>;
  limit: number;
};
export type AggregateRow = { keys: string[]; values: number[] };
export type Aggregate = { rows: AggregateRow[]; truncated: boolean; computedAt: string };

/** One request's view: the data version, the caller's scope and the filter's enterprises and dates. */
export type Caller = {
  version: DataVersion;
  scope: ResolvedScope;
  ctx: QueryContext;
};

const MAX_CACHED = 2000;
/** Whole answers kept (a statistics page with every chart: some tens of kilobytes each, and their written bytes). */
const MAX_ANSWERS = 200;

/** A number per resolved scope object (resolveScope keeps one per user and data version), for the answers' keys. */
const scopeSerials = new WeakMap<ResolvedScope, number>();
let lastScopeSerial = 0;
const serialOf = (scope: ResolvedScope): number => {
  let n = scopeSerials.get(scope);
  if (n === undefined) {
    n = ++lastScopeSerial;
    scopeSerials.set(scope, n);
  }
  return n;
};

export class DataPortalService {
  private readonly figures = new FiguresCache<Aggregate>(MAX_CACHED);
  private readonly counts = new FiguresCache<number>(MAX_CACHED);
  private readonly uploads = new FiguresCache<object>(MAX_CACHED);
  private readonly answers = new FiguresCache<object>(MAX_ANSWERS);
  private readonly warehouses = new Lru<readonly WarehouseInfo[]>(4);

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
  ) {}

  /** The caller's scope and the filter as the queries take it (a named enterprise outside the scope is refused). */
  async caller(s: Session, filter: DataFilter, enterpriseField = 'enterpriseId'): Promise<Caller> {
    const version = await readVersion(this.db);
    return this.callerIn(version, await resolveScope(this.db, version, s), filter, enterpriseField);
  }

  /** An enterprise's own view with no session (a shared scene's owner): the platform's covers every enterprise, any
   * other only itself. */
  async enterpriseCaller(enterpriseId: string, filter: DataFilter): Promise<Caller> {
    const version = await readVersion(this.db);
    return this.callerIn(version, await resolveEnterpriseScope(this.db, version, enterpriseId), filter);
  }

  private async callerIn(
    version: DataVersion,
    scope: ResolvedScope,
    filter: DataFilter,
    enterpriseField = 'enterpriseId',
  ): Promise<Caller> {
    const ids = narrowScope(scope, filter.enterpriseId, enterpriseField);
    const hour = new Date(this.clock());
    hour.setUTCMinutes(0, 0, 0);
    return {
      version,
      scope,
      ctx: {
        ids,
        from: filter.from,
        to: filter.to,
        warehouseId: filter.warehouseId,
        warehouses: await this.warehouseInfo(version),
        now: hour.toISOString(),
      },
    };
  }

  /** Every warehouse with the province of its address, read again when the warehouses change. */
  private async warehouseInfo(version: DataVersion): Promise<readonly WarehouseInfo[]> {
    const key = versionKey(version);
    const hit = this.warehouses.get(key);
    if (hit) return hit;
    const rows = await this.db.selectFrom('warehouses').select(['id', 'name', 'address']).orderBy('id').execute();
    const info = rows.map((w) => ({ id: Number(w.id), name: w.name, province: provinceOf(w.address) ?? '' }));
    this.warehouses.set(key, info);
    return info;
  }

  /**
   * An uploaded dataset's aggregate (computed by the data-source module), cached like the built-in ones while the
   * data version stands (uploaded datasets raise it, migration 0031), per owning enterprise and query.
   */
  uploadedAggregate<T extends object>(
    caller: Caller,
    enterpriseId: string,
    query: unknown,
    compute: () => Promise<T>,
  ): Promise<T & { computedAt: string }> {
    const key = JSON.stringify(['upload', enterpriseId, query, versionKey(caller.version)]);
    return this.uploads.get(key, async () => ({ ...(await compute()), computedAt: this.clock().toISOString() })) as Promise<
      T & { computedAt: string }
    >;
  }

  /**
   * What `compute` answers of the caller's figures for `what` (e.g. a statistics page and its period), kept frozen
   * while the data version stands, so ok() and the reply serializer check and write it once. Kept per caller scope
   * (its user, enterprises and version), filter (enterprises, dates, warehouse) and hour, as the aggregates are.
   */
  keptFigures<T extends object>(caller: Caller, what: string, compute: () => Promise<T>): Promise<Readonly<T>> {
    const { ctx } = caller;
    const key = JSON.stringify([
      what,
      serialOf(caller.scope),
      ctx.ids,
      ctx.from ?? null,
      ctx.to ?? null,
      ctx.warehouseId ?? null,
      ctx.now,
      versionKey(caller.version),
    ]);
    return this.answers.get(key, async () => Object.freeze(await compute())) as Promise<Readonly<T>>;
  }

  /** The aggregate `spec` asks for, from the cache while the data version stands. */
  aggregate(caller: Caller, spec: AggregateSpec): Promise<Aggregate> {
    const def = DATASET_SQL[spec.dataset];
    const { ctx } = caller;
    const key = JSON.stringify([
      spec.dataset,
      spec.dimensions,
      spec.measures,
      spec.where ?? null,
      spec.limit,
      ctx.ids,
      ctx.from ?? null,
      ctx.to ?? null,
      ctx.warehouseId ?? null,
      def.timeDependent ? ctx.now : null,
      versionKey(caller.version),
    ]);
    return this.figures.get(key, () => this.compute(ctx, spec));
  }

  private async compute(ctx: QueryContext, spec: AggregateSpec): Promise<Aggregate> {
    const def = DATASET_SQL[spec.dataset];
    const where = Object.entries(spec.where ?? {});
    const need = new Set([...spec.dimensions, ...spec.measures, ...where.map(([d]) => d)]);
    const keys = spec.dimensions.map((d, i) => sql`coalesce(b.${sql.ref(d)}::text, '') AS ${sql.ref(`k${i}`)}`);
    const values = spec.measures.map((m, i) => sql`${def.measures[m]!} AS ${sql.ref(`v${i}`)}`);
    const filters = where.map(([d, v]) => sql`b.${sql.ref(d)} = ${v}`);
    const positions = spec.dimensions.map((_, i) => sql.raw(String(i + 1)));
    const monthAt = spec.dimensions.indexOf('month');
    // Months in order; otherwise the largest first by the first measure, then by the keys (a stable order).
    const order =
      monthAt >= 0
        ? [sql.raw(String(monthAt + 1)), ...positions.filter((_, i) => i !== monthAt)]
        : [sql.raw(`${spec.dimensions.length + 1} DESC`), ...positions];
    const query = sql<Record<string, unknown>>`
      SELECT ${sql.join([...keys, ...values])}
      FROM (${def.rows(ctx, need)}) b
      ${filters.length ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``}
      ${positions.length ? sql`GROUP BY ${sql.join(positions)}` : sql``}
      ${positions.length ? sql`ORDER BY ${sql.join(order)}` : sql``}
      LIMIT ${spec.limit + 1}`;
    const result = await query.execute(this.db);
    const rows = result.rows.slice(0, spec.limit).map((r) => ({
      keys: spec.dimensions.map((d, i) => {
        const raw = String(r[`k${i}`] ?? '');
        return def.labels?.[d]?.(raw) ?? raw;
      }),
      values: spec.measures.map((_, i) => Number(r[`v${i}`] ?? 0)),
    }));
    return { rows, truncated: result.rows.length > spec.limit, computedAt: this.clock().toISOString() };
  }

  /** The rows behind a dataset in the caller's scope. */
  rowCount(caller: Caller, dataset: BuiltInDatasetId): Promise<number> {
    const def = DATASET_SQL[dataset];
    const key = JSON.stringify([dataset, caller.ctx.ids, caller.ctx.warehouseId ?? null, versionKey(caller.version)]);
    return this.counts.get(key, async () => {
      const r = await sql<{ n: number }>`${def.count(caller.ctx)}`.execute(this.db);
      return Number(r.rows[0]?.n ?? 0);
    });
  }

  /** When the data behind the figures last changed (null when the dataset holds no row in the scope). */
  refreshedAt(caller: Caller, rowCount: number): string | null {
    return rowCount > 0 ? caller.version.changedAt : null;
  }

  /** Forgets every cached figure (tests). */
  clear(): void {
    this.figures.clear();
    this.counts.clear();
  }
}

/** A built-in dataset's fields as the data-source pages list them. */
export function datasetFields(id: BuiltInDatasetId): DatasetField[] {
  const d = BUILT_IN_DATASETS[id];
  return [
    ...Object.entries(d.dimensions).map(([name, f]) => ({ name, role: 'dimension' as const, kind: f.kind, unit: null, title: null })),
    ...Object.entries(d.measures).map(([name, f]) => ({ name, role: 'measure' as const, kind: null, unit: f.unit, title: null })),
  ];
}

/** Checks a query's dataset and field names against the contract (400 naming the field). */
export function checkFields(
  dataset: string,
  dimensions: readonly string[],
  measures: readonly string[],
): asserts dataset is BuiltInDatasetId {
  if (!Object.hasOwn(BUILT_IN_DATASETS, dataset)) throw fieldError('dataset', DATA_PORTAL_MESSAGES.unknownDataset);
  const d = BUILT_IN_DATASETS[dataset as BuiltInDatasetId];
  dimensions.forEach((name, i) => {
    if (!Object.hasOwn(d.dimensions, name)) throw fieldError(`dimensions.${i}`, DATA_PORTAL_MESSAGES.unknownField);
  });
  measures.forEach((name, i) => {
    if (!Object.hasOwn(d.measures, name)) throw fieldError(`measures.${i}`, DATA_PORTAL_MESSAGES.unknownField);
  });
}

export type { DataScope };
