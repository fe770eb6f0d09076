// Caches keyed by the data version: bounded in-process LRUs whose keys carry the data version (migration 0021: one
// row raised once by every committed transaction that changed a table behind the figures), so a change committed
// through any app process makes every process compute afresh. The statistics and data-portal figures use them, and
// so do the counts of the goods search, the contract pickers and the record lists (lib/paging.ts). The version is
// read before computing: figures cached under version v hold at least every change up to v (see the migration for
// why no shared snapshot is needed).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** The data version and the time of the last change, read in one query per request. */
export type DataVersion = { readonly version: number; readonly changedAt: string };

export async function readVersion(db: Kysely<DB>): Promise<DataVersion> {
  const r = await sql<{ version: number; changed_at: string }>`SELECT version, changed_at FROM data_version`.execute(db);
  const row = r.rows[0];
  return { version: Number(row?.version ?? 0), changedAt: row?.changed_at ?? new Date(0).toISOString() };
}

/** The part of a cache key that changes when any table behind the figures changes. */
export const versionKey = (v: DataVersion): string => `v${v.version}`;

/**
 * A least-recently-used map whose entries weigh at most `max` in all: one each unless `weigh` says otherwise (an
 * entry heavier than `max` is not kept).
 */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (e !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    return e?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.max) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (this.weight > this.max) this.delete(this.entries.keys().next().value!);
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    this.entries.delete(key);
    this.weight -= e.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}

/** The value cached under `key`, or what `compute` makes of it (kept; concurrent misses of one key share one
 * computation). `max` and `weigh` bound what is kept, as the Lru's. */
export class FiguresCache<V> {
  private readonly lru: Lru<V>;
  private readonly pending = new Map<string, Promise<V>>();

  constructor(max: number, weigh?: (value: V) => number) {
    this.lru = new Lru<V>(max, weigh);
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.lru.get(key);
    if (hit !== undefined) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const p = compute().then(
      (v) => {
        this.lru.set(key, v);
        this.pending.delete(key);
        return v;
      },
      (e: unknown) => {
        this.pending.delete(key);
        throw e;
      },
    );
    this.pending.set(key, p);
    return p;
  }

  get size(): number {
    return this.lru.size;
  }

  clear(): void {
    this.lru.clear();
  }
}

/**
 * One value per database handle, made on first use: a cache keyed by the data version must not be shared between
 * databases (the tests run many in one process, each with its own versions).
 */
export function perDatabase<V>(make: () => V): (db: object) => V {
  const values = new WeakMap<object, V>();
  return (db) => {
    let v = values.get(db);
    if (v === undefined) {
      v = make();
      values.set(db, v);
    }
    return v;
  };
}
