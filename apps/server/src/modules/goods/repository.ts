// Goods categories and goods of one enterprise.
//
// The goods list (the goods picker) stays exact at a million goods without counting or sorting them per request
// (migration 0005): a total is a trigger-kept counter, or a sum of the counters per category (goods_category_counts)
// or per distinct name + specification (goods_facets) of the filter; a category filter is one range of the category
// closure (goods_category_tree); and a filtered page is read category by category through the (enterprise_id,
// category_id, id) index, newest category first, until no other category can hold a newer row. What a filter's
// pages are read from (its groups, what the goods numbers say of its text, its subtree) is kept under the data
// version, so a page of a search asked for again reads only its rows.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Goods, GoodsCategory } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { COUNT_CAP, likePattern, type PageWindow, type Paged } from '../../lib/paging.js';
import { FiguresCache, Lru, perDatabase, readVersion, versionKey } from '../../lib/version-cache.js';

/** Per database: the category lists read at one version of the category table (migration 0005). */
const categoryLists = new WeakMap<Kysely<DB>, { version: number; byEnterprise: Map<string, GoodsCategory[]> }>();

/**
 * The enterprise's categories, parents first. Served from what this process last read while no statement has
 * changed goods_categories since (its version row says so): the list is a few thousand rows at scale.
 */
export async function listCategories(db: Kysely<DB>, enterpriseId: string): Promise<GoodsCategory[]> {
  const v = await db.selectFrom('goods_category_versions').select('version').executeTakeFirst();
  const version = Number(v?.version ?? -1);
  let cache = categoryLists.get(db);
  if (cache?.version !== version) {
    cache = { version, byEnterprise: new Map() };
    categoryLists.set(db, cache);
  }
  const cached = cache.byEnterprise.get(enterpriseId);
  if (cached) return cached;
  const rows = await db
    .selectFrom('goods_categories')
    .select(['id', 'goods_category_code', 'goods_category_name', 'is_leaf', 'parent_id', 'disabled', 'version'])
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('parent_id', (ob) => ob.nullsFirst())
    .orderBy('sort')
    .orderBy('id')
    .execute();
  // Frozen, nodes and all: the list is shared by every request until the categories change, and its reply is
  // written once (ok(), the reply serializer).
  const list = Object.freeze(
    rows.map((r) =>
      Object.freeze({
        id: r.id,
        goodsCategoryCode: r.goods_category_code,
        goodsCategoryName: r.goods_category_name,
        isLeaf: r.is_leaf,
        parentId: r.parent_id,
        disabled: r.disabled,
        version: r.version,
      }),
    ),
  ) as GoodsCategory[];
  // Read after the version: a change in between raised the version, so the next call reads again.
  cache.byEnterprise.set(enterpriseId, list);
  return list;
}

/**
 * Per database: the number half's counts of recent searches, keyed by the data version (migration 0021) with the
 * enterprise, category and text. A version is never reused, so an entry is never stale; old ones age out.
 */
const NUMBER_COUNTS_KEPT = 2000;
const numberCountsOf = perDatabase(() => new Lru<number>(NUMBER_COUNTS_KEPT));

/**
 * Per database: the newest k number matches of recent searches whose number half is read down the id index (too
 * many matches to count, or a piece held by so many numbers that the index walk is the shorter read), keyed as the
 * counts with k. Such a walk reads the index until k numbers hold the text: for a
 * two-digit text at a million goods, some 8,000 entries for 10 matches. Bounded by the ids held: 100,000 in all.
 */
const NUMBER_NEWEST_IDS_KEPT = 100_000;
const numberNewestOf = perDatabase(() => new FiguresCache<number[]>(NUMBER_NEWEST_IDS_KEPT, (ids) => 1 + ids.length));

/**
 * Per database: the number half of recent searches read with its count (the count, up to COUNT_CAP + 1, and the k
 * newest ids read with it), keyed as the newest ids above. Without it every page of such a search ran its count again: some
 * 1,400 matches read through the prefix index per request for "SP-20250101-0" at a million goods. Bounded by the ids
 * held: 100,000 in all.
 */
type NumberHalf = { n: number; ids: number[] };
const NUMBER_HALF_IDS_KEPT = 100_000;
const numberHalfOf = perDatabase(() => new FiguresCache<NumberHalf>(NUMBER_HALF_IDS_KEPT, (h) => 1 + h.ids.length));

export type GoodsFilter = { name: string | undefined; categoryId: number | undefined };

const goodsColumns = [
  'id',
  'goods_name',
  'specification_models',
  'unit',
  'manufacturer',
  'texture',
  'weight',
  'monad',
  'goods_number',
  'goods_price',
  'category_id',
] as const;

/** Integer ids as one text parameter (`string_to_array(…)::bigint[]`), the same on both drivers. */
const idList = (ids: readonly number[]) => sql`string_to_array(${ids.join(',')}::text, ',')::bigint[]`;

/**
 * A category's share of the filtered goods (n, and max_id, an upper bound of their ids), in the order the page is
 * read: newest bound first. `total` sums all groups, `before` the groups ahead of this one; next_max_id is the
 * bound of the group after it.
 */
type Group = { category_id: number; n: number; max_id: number; total: number; before: number; next_max_id: number | null };

/** A piece of goods numbers held by at least this share of them is common: read by the id index, not the pieces'. */
const COMMON_PIECE_SHARE = 0.05;

/** An id array as either driver returns it (an array, or PostgreSQL's text form '{3,2,1}'). */
const idsOf = (v: number[] | string | undefined): number[] =>
  v === undefined ? [] : (typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean) : v).map(Number);

export async function listGoods(db: Kysely<DB>, enterpriseId: string, filter: GoodsFilter, w: PageWindow): Promise<Paged<Goods>> {
  const name = filter.name || undefined;

  // No filter: the newest goods by the (enterprise_id, id) index; the total is the enterprise's counter.
  if (name === undefined && filter.categoryId === undefined) {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('goods')
        .select(goodsColumns)
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('id', 'desc')
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
      sql<{ n: number }>`SELECT n FROM goods_enterprise_counts WHERE enterprise_id = ${enterpriseId}`.execute(db),
    ]);
    return { total: Number(count.rows[0]?.n ?? 0), content: rows.map(toGoods) };
  }

  // A search matches goods_name, goods_number or specification_models (case-insensitive, as a substring). Split into
  // two disjoint parts: the name/specification matches, counted over the distinct facets (searchFacts), and the goods
  // whose number alone matches, looked up only when every character of the text occurs in some goods number.
  const p = name === undefined ? undefined : likePattern(name);
  const facetMatch = p === undefined ? undefined : sql`(goods_name ILIKE ${p} OR specification_models ILIKE ${p})`;
  const k = w.offset + w.limit;

  // What the page is read from, kept under the data version (any change to goods or categories makes a new one, in
  // every process): a search's facet groups are a count per category, as costly as any total at scale.
  // The filter under the version: the key of its facts and of its number half's count.
  const filterKey = `${versionKey(await readVersion(db))}|${enterpriseId}|${filter.categoryId ?? ''}|${name ?? ''}`;
  const facts = await searchFactsOf(db).get(filterKey, () => searchFacts(db, enterpriseId, filter.categoryId, name));
  const numbers = facts.numbers;
  // The groups that hold the first k rows if their goods were the newest (fewer when the groups end first).
  const firstCount = facts.groups.findIndex((g) => g.before >= k);
  const first = firstCount < 0 ? facts.groups : facts.groups.slice(0, firstCount);
  // The goods whose name or specification matches (the facet half), in the filter's scope.
  const facetTotal = first[0]?.total ?? 0;

  // The goods-number half, read newest first straight from goods. A one- or two-character text is a piece of the
  // numbers that hold it, and migration 0014 counts those numbers: a piece held by more than COUNT_CAP numbers beyond
  // the facet half's goods has more than COUNT_CAP matches for certain (at most the facet half's goods are left out),
  // so its newest k are read by the id index and it is not counted at all (the total is a lower bound and the reply
  // says so); one held by few numbers is looked up in the index of number pieces (migration 0013), all its matches at
  // once. A longer text that can only match at the start of a number (0037) is one range of the prefix index; any
  // other is read by the id index (or the trigram index, as the planner sees fit). Their count stops at COUNT_CAP.
  // When no name or specification in the scope matches, the number half is every goods-number match: only the
  // number is checked. A count, once made, is kept under the data version (any change to goods makes a new one), and
  // so are the page's newest ids read with it or without it: searching again reads nothing of the number half, and
  // paging through a search past COUNT_CAP matches reads only the page's newest ids.
  // "text%": the pattern of the numbers that begin with the text.
  const numberText =
    numbers.startOnly && p !== undefined ? sql`lower(goods_number) LIKE lower(${p.slice(1)})` : sql`goods_number ILIKE ${p}`;
  const numberMatch =
    p === undefined
      ? undefined
      : facetTotal === 0
        ? numberText
        : sql`(${numberText} AND NOT (goods_name ILIKE ${p} OR specification_models ILIKE ${p}))`;
  let numberTop: number[] = [];
  let numberCount = 0;
  // When the number half is not read with its count: its k newest ids, merged with the facet half's k newest.
  let numberNewest: (() => Promise<number[]>) | undefined;
  if (name !== undefined && numberMatch !== undefined && numbers.possible) {
    const subtreeIds = facts.subtreeIds;
    const inSubtreeIds = subtreeIds === undefined ? sql`` : sql`AND category_id = ANY(${idList(subtreeIds)})`;
    const numberWhere = sql`enterprise_id = ${enterpriseId} AND ${numberMatch} ${inSubtreeIds}`;
    const piece = [...name].length <= 2;
    // The newest number matches need not leave out the facet half's goods: merged with the facet half's newest (each
    // goods once, mergeNewestFirst), the page is the same, and the walk down the id index checks only the number.
    // (At a million goods, "99" read 51,730 goods of the index for its 10 newest with the facet half left out, and
    // 8,240 without.) The k newest are kept under the data version.
    const newest = () =>
      numberNewestOf(db).get(`${filterKey}|${k}`, () =>
        sql<{ id: number }>`SELECT id FROM goods WHERE enterprise_id = ${enterpriseId} AND ${numberText} ${inSubtreeIds}
          ORDER BY id DESC LIMIT ${k}`
          .execute(db)
          .then((r) => r.rows.map((x) => Number(x.id))),
      );
    // The number half read with its count, from `matches` (a WITH clause naming its ids m), kept as the newest ids.
    const numberHalf = (matches: RawBuilder<unknown>) =>
      numberHalfOf(db).get(`${filterKey}|${k}`, () =>
        sql<{ n: number; ids: number[] | string }>`${matches}
          SELECT (SELECT count(*) FROM m) AS n, ARRAY(SELECT id FROM m ORDER BY id DESC LIMIT ${k}) AS ids`
          .execute(db)
          .then((r) => ({ n: Number(r.rows[0]?.n ?? 0), ids: idsOf(r.rows[0]?.ids) })),
      );
    const counts = numberCountsOf(db);
    const counted = counts.get(filterKey);
    // A piece held by at least sqrt(k × goods) numbers fills k rows of the id index before its index lookup
    // would have read all its holders.
    const densePiece = piece && numbers.pieceGoods * numbers.pieceGoods > k * numbers.goods;
    if (subtreeIds === undefined && numbers.pieceGoods - facetTotal > COUNT_CAP) {
      numberNewest = newest;
      numberCount = COUNT_CAP + 1;
    } else if (counted !== undefined && (counted > COUNT_CAP || densePiece)) {
      // Counted before at this version: only the page's newest ids are read.
      numberNewest = newest;
      numberCount = counted;
    } else if (piece && numbers.pieceGoods < COMMON_PIECE_SHARE * numbers.goods) {
      // The goods holding the piece come from its index alone (OFFSET 0 keeps the search's own conditions out of
      // that scan, so the planner cannot pair it with a full scan of the trigram index, which has no entry for
      // texts this short); the conditions are checked on them after.
      const half = await numberHalf(
        sql`
        WITH m AS MATERIALIZED (
          SELECT id FROM (
            SELECT id, enterprise_id, category_id, goods_number, goods_name, specification_models FROM goods
            WHERE goods_number_grams(goods_number) @> ARRAY[lower(${name}::text)] OFFSET 0) g
          WHERE ${numberWhere})`,
      );
      numberTop = half.ids;
      numberCount = half.n;
      counts.set(filterKey, numberCount);
    } else {
      // The count's rows are all the matches when there are no more than COUNT_CAP of them, and then hold the
      // page too (a rare text found through the trigram or prefix index is looked up once, not twice); past the
      // cap the newest k are read by themselves.
      const half = await numberHalf(sql`WITH m AS MATERIALIZED (SELECT id FROM goods WHERE ${numberWhere} LIMIT ${COUNT_CAP + 1})`);
      numberCount = half.n;
      counts.set(filterKey, numberCount);
      if (numberCount > COUNT_CAP) numberNewest = newest;
      else numberTop = half.ids;
    }
  }
  const estimated = numberCount > COUNT_CAP;
  const total = facetTotal + Math.min(numberCount, COUNT_CAP);
  if (!estimated && w.offset >= total) return { total, content: [] };

  // The k newest ids of both halves (they are disjoint), the facet half read group by group in bound order.
  let top = await newestOf(db, enterpriseId, first, facetMatch, k, numberTop);
  // Groups past the first batch count only if their bound is above the k-th id found so far.
  const last = first[first.length - 1];
  const floor = top[k - 1];
  if (last && floor !== undefined && last.next_max_id !== null && last.next_max_id > floor) {
    // The groups after the first batch whose bound is above the k-th id found so far (bounds only fall from there).
    const after = facts.groups.slice(first.length);
    const above = after.findIndex((g) => g.max_id <= floor);
    const rest = above < 0 ? after : after.slice(0, above);
    top = await newestOf(db, enterpriseId, rest, facetMatch, k, top);
  }
  if (numberNewest !== undefined) top = mergeNewestFirst(top, await numberNewest()).slice(0, k);

  const ids = top.slice(w.offset, k);
  const counted = estimated ? { total, estimated } : { total };
  if (ids.length === 0) return { ...counted, content: [] };
  const rows = await db
    .selectFrom('goods')
    .select(goodsColumns)
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', sql<number>`ANY(${idList(ids)})`)
    .orderBy('id', 'desc')
    .execute();
  return { ...counted, content: rows.map(toGoods) };
}

/**
 * What a filtered page is read from: the facet half's groups (or, without a text, the filter's categories), all of
 * them in page order; what the goods numbers say of the text; and the categories of the filter's subtree.
 */
type SearchFacts = {
  groups: readonly Group[];
  numbers: { possible: boolean; pieceGoods: number; goods: number; startOnly: boolean };
  /** The filter category's subtree, read for a search's number half (undefined without a category or a text; empty for another enterprise's category). */
  subtreeIds: readonly number[] | undefined;
};

/**
 * Per database: the facts of recent filters, keyed by the data version with the enterprise, category and text;
 * concurrent misses share one read. An entry holds a group per category in the filter's scope (some 60 bytes each),
 * so what is kept is bounded by groups, not entries: 200,000 groups in all, about 12 MB.
 */
const SEARCH_FACTS_GROUPS_KEPT = 200_000;
const searchFactsOf = perDatabase(() => new FiguresCache<SearchFacts>(SEARCH_FACTS_GROUPS_KEPT, (f) => 1 + f.groups.length));

async function searchFacts(
  db: Kysely<DB>,
  enterpriseId: string,
  categoryId: number | undefined,
  name: string | undefined,
): Promise<SearchFacts> {
  // A category filter covers its whole subtree; another enterprise's category matches nothing.
  const subtree =
    categoryId === undefined
      ? undefined
      : sql`SELECT t.descendant_id AS id FROM goods_category_tree t JOIN goods_categories c ON c.id = t.ancestor_id
            WHERE t.ancestor_id = ${categoryId} AND c.enterprise_id = ${enterpriseId}`;
  const inSubtree = subtree === undefined ? sql`TRUE` : sql`category_id IN (${subtree})`;
  const p = name === undefined ? undefined : likePattern(name);
  // The facets' lower-cased texts (migration 0037) with the lower-cased pattern: the same facets as ILIKE.
  const groupSource =
    p === undefined
      ? sql`SELECT category_id, n, max_id FROM goods_category_counts WHERE enterprise_id = ${enterpriseId} AND ${inSubtree}`
      : sql`SELECT category_id, sum(n) AS n, max(max_id) AS max_id FROM goods_facets
            WHERE enterprise_id = ${enterpriseId} AND ${inSubtree}
              AND (goods_name_lower LIKE lower(${p}) OR specification_models_lower LIKE lower(${p}))
            GROUP BY category_id`;
  const [all, numbers, subtreeIds] = await Promise.all([
    groups(db, groupSource),
    // Whether some goods number can hold the text; how many goods numbers hold it when it is one of their one- or
    // two-character pieces (migration 0014; null for any other text); and whether its first two characters occur
    // in a number past its start (0037: if not, it can only match at the start).
    name === undefined
      ? Promise.resolve({ possible: false, pieceGoods: 0, goods: 0, startOnly: false })
      : sql<{ possible: boolean; piece_goods: number | string | null; goods: number | string | null; inner: number | string | null }>`
          SELECT NOT EXISTS (
            SELECT 1 FROM unnest(string_to_array(lower(${name}::text), NULL)) AS c(ch)
            WHERE NOT EXISTS (SELECT 1 FROM goods_number_chars x WHERE x.enterprise_id = ${enterpriseId} AND x.ch = c.ch AND x.n > 0)
          ) AS possible,
          (SELECT n FROM goods_number_pieces WHERE enterprise_id = ${enterpriseId} AND piece = lower(${name}::text)) AS piece_goods,
          (SELECT n FROM goods_enterprise_counts WHERE enterprise_id = ${enterpriseId}) AS goods,
          (SELECT n FROM goods_number_inner_pieces
            WHERE enterprise_id = ${enterpriseId} AND piece = substr(lower(${name}::text), 1, 2)) AS inner`
          .execute(db)
          .then((r) => ({
            possible: r.rows[0]?.possible === true,
            pieceGoods: Number(r.rows[0]?.piece_goods ?? 0),
            goods: Number(r.rows[0]?.goods ?? 0),
            // Texts of one or two characters keep their piece counts (0013, 0014).
            startOnly: [...name].length > 2 && Number(r.rows[0]?.inner ?? 0) === 0,
          })),
    // The number half of a search in a category reads the subtree's ids.
    subtree === undefined || name === undefined
      ? Promise.resolve(undefined)
      : sql<{ id: number }>`${subtree}`.execute(db).then((r) => r.rows.map((x) => Number(x.id))),
  ]);
  return { groups: all, numbers, subtreeIds };
}

/** The groups of `source` in page order (newest bound first). */
async function groups(db: Kysely<DB>, source: RawBuilder<unknown>): Promise<Group[]> {
  const r = await sql<Group>`
    SELECT category_id, n, max_id,
           sum(n) OVER () AS total,
           coalesce(sum(n) OVER (ORDER BY max_id DESC, category_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before,
           lead(max_id) OVER (ORDER BY max_id DESC, category_id) AS next_max_id
    FROM (${source}) g
    ORDER BY max_id DESC, category_id`.execute(db);
  return r.rows.map((g) => ({
    category_id: Number(g.category_id),
    n: Number(g.n),
    max_id: Number(g.max_id),
    total: Number(g.total),
    before: Number(g.before),
    next_max_id: g.next_max_id === null ? null : Number(g.next_max_id),
  }));
}

/**
 * The k newest ids of `seed` (newest first) and of the goods of `ordered` (groups newest bound first) that satisfy
 * `match`. Exact, because a group's max_id bounds its ids: groups are read in order, first enough of them to fill
 * k, then only those whose bound is above the k-th id found so far, each from above that id down.
 */
async function newestOf(
  db: Kysely<DB>,
  enterpriseId: string,
  ordered: readonly Pick<Group, 'category_id' | 'n' | 'max_id'>[],
  match: RawBuilder<unknown> | undefined,
  k: number,
  seed: number[],
): Promise<number[]> {
  let top = seed.slice(0, k);
  let i = 0;
  while (i < ordered.length) {
    const floor = top.length >= k ? top[k - 1] : undefined;
    const batch: number[] = [];
    if (floor !== undefined) {
      while (i < ordered.length && ordered[i]!.max_id > floor) batch.push(ordered[i++]!.category_id);
    } else {
      for (let need = k - top.length; i < ordered.length && need > 0; i++) {
        need -= ordered[i]!.n;
        batch.push(ordered[i]!.category_id);
      }
    }
    if (batch.length === 0) break;
    top = mergeNewestFirst(top, await newestIds(db, enterpriseId, batch, match, k, floor)).slice(0, k);
  }
  return top;
}

/** The k newest ids (above `floor`, when given) of the categories' goods that satisfy `match`, newest first. */
async function newestIds(
  db: Kysely<DB>,
  enterpriseId: string,
  categoryIds: number[],
  match: RawBuilder<unknown> | undefined,
  k: number,
  floor: number | undefined,
): Promise<number[]> {
  const r = await sql<{ id: number }>`
    SELECT g.id FROM unnest(${idList(categoryIds)}) AS c(id)
    CROSS JOIN LATERAL (
      SELECT id FROM goods
      WHERE enterprise_id = ${enterpriseId} AND category_id = c.id
        ${floor === undefined ? sql`` : sql`AND id > ${floor}`}
        ${match === undefined ? sql`` : sql`AND ${match}`}
      ORDER BY id DESC LIMIT ${k}
    ) g
    ORDER BY g.id DESC LIMIT ${k}`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** Two id lists, each newest first, as one (without repeats). */
function mergeNewestFirst(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]! > b[j]!) ? a[i++]! : b[j++]!;
    if (out[out.length - 1] !== next) out.push(next);
  }
  return out;
}

type GoodsRow = {
  id: number;
  goods_name: string;
  specification_models: string;
  unit: string;
  manufacturer: string;
  texture: string;
  weight: number | null;
  monad: string;
  goods_number: string;
  goods_price: number | null;
  category_id: number;
};

const toGoods = (r: GoodsRow): Goods => ({
  id: r.id,
  goodsId: r.id,
  goodsName: r.goods_name,
  specificationModels: r.specification_models,
  unit: r.unit,
  manufacturer: r.manufacturer,
  texture: r.texture,
  weight: r.weight,
  monad: r.monad,
  goodsNumber: r.goods_number,
  goodsPrice: r.goods_price,
  goodsCategoryId: r.category_id,
});
