// The figures' cache: a bounded in-process LRU whose keys carry the change stamps (migration 0021) of the tables
// behind each entry, so a change committed through any app process makes every process compute afresh.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The version and last change of each stamped table, read in one query per request. */
export type Stamps = ReadonlyMap<string, { version: number; changedAt: string }>;

export async function readStamps(db: Kysely<DB>): Promise<Stamps> {
  const r = await sql<{ table_name: string; version: number; changed_at: string }>`
    SELECT table_name, version, changed_at FROM data_change_stamps`.execute(db);
  return new Map(r.rows.map((s) => [s.table_name, { version: Number(s.version), changedAt: s.changed_at }]));
}

/** The part of a cache key that changes when one of `tables` changes. */
export const stampKey = (stamps: Stamps, tables: readonly string[]): string =>
  tables.map((t) => `${t}@${stamps.get(t)?.version ?? 0}`).join(',');

/** When the last of `tables` changed (ISO time), or null when none is stamped. */
export const lastChange = (stamps: Stamps, tables: readonly string[]): string | null =>
  tables.reduce<string | null>((latest, t) => {
    const at = stamps.get(t)?.changedAt;
    return at && (!latest || at > latest) ? at : latest;
  }, null);

/** A least-recently-used map of at most `max` entries. */
export class Lru<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The value cached under `key`, or what `compute` makes of it (kept; concurrent misses of one key share one
 * computation). */
export class FiguresCache<V> {
  private readonly lru: Lru<V>;
  private readonly pending = new Map<string, Promise<V>>();

  constructor(max: number) {
    this.lru = new Lru<V>(max);
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
