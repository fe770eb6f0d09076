// The goods picker list (listMlzGoodsByGoodsId) is served from trigger-kept counts, the category closure and a
// category-by-category page read (migration 0005). Whatever is written — goods created, edited, moved or deleted,
// categories added or moved — its totals and pages must equal a plain query over the goods table.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_PATHS, GOODS_PATHS } from '@tfb/contract';
import { COUNT_CAP } from '../src/lib/paging.js';
import { api, withId } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Filter = { name?: string; goodsCategoryId?: number };

describeEachDatabase('goods list', (t) => {
  const http = api(t);
  let a: TestSession;
  const tag = `GL${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const cat: Record<string, number> = {};
  const goods: { id: number; goodsNumber: string }[] = [];

  const addCategory = async (key: string, parent: string | null) => {
    const row = await t()
      .database.db.insertInto('goods_categories')
      .values({
        enterprise_id: a.user.enterpriseId,
        parent_id: parent ? cat[parent]! : null,
        goods_category_code: `${tag}-${key}`,
        goods_category_name: `${tag} ${key}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    cat[key] = row.id;
  };

  /** The same list as a plain query: subtree by a recursive walk, search by ILIKE on the three columns. */
  const reference = async (f: Filter, pageNumber: number, pageSize: number) => {
    const ent = a.user.enterpriseId;
    const sub =
      f.goodsCategoryId === undefined
        ? sql`TRUE`
        : sql`category_id IN (WITH RECURSIVE s(id) AS (
            SELECT id FROM goods_categories WHERE id = ${f.goodsCategoryId} AND enterprise_id = ${ent}
            UNION ALL SELECT c.id FROM goods_categories c JOIN s ON c.parent_id = s.id) SELECT id FROM s)`;
    const p = f.name ? `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const m = p ? sql`(goods_name ILIKE ${p} OR goods_number ILIKE ${p} OR specification_models ILIKE ${p})` : sql`TRUE`;
    const db = t().database.db;
    const ids = await sql<{ id: number }>`SELECT id FROM goods WHERE enterprise_id = ${ent} AND ${sub} AND ${m}
      ORDER BY id DESC LIMIT ${pageSize} OFFSET ${pageNumber * pageSize}`.execute(db);
    const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM goods WHERE enterprise_id = ${ent} AND ${sub} AND ${m}`.execute(db);
    return { ids: ids.rows.map((r) => Number(r.id)), total: Number(n.rows[0]!.n) };
  };

  const list = async (f: Filter, pageNumber: number, pageSize: number) => {
    const res = await http.get(a, `/api${GOODS_PATHS.listGoods}`, { pageNumber, pageSize, ...f });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { content: { id: number }[]; totalElements: number };
    return { ids: data.content.map((r) => r.id), total: data.totalElements };
  };

  /** Every page of the filter (and one past the end) equals the reference. */
  const expectSameAsReference = async (f: Filter, pageSize = 3) => {
    const first = await reference(f, 0, pageSize);
    for (let page = 0; page <= Math.ceil(first.total / pageSize); page++) {
      expect(await list(f, page, pageSize), `${JSON.stringify(f)} page ${page}`).toEqual(await reference(f, page, pageSize));
    }
    return first.total;
  };

  const filters = (): Filter[] => [
    {},
    { goodsCategoryId: cat.root! },
    { goodsCategoryId: cat.steel! },
    { goodsCategoryId: cat.rebar! },
    { goodsCategoryId: cat.copper! },
    { name: tag },
    { name: tag.toLowerCase() },
    { name: '螺纹钢' },
    { name: '钢', goodsCategoryId: cat.root! },
    { name: `${tag}-SPEC-1` },
    { name: goods[0]!.goodsNumber },
    { name: goods[0]!.goodsNumber.slice(-5), goodsCategoryId: cat.root! },
    // Below pg_trgm's three characters: the index of number pieces (migration 0013), case-insensitive.
    { name: goods[0]!.goodsNumber.slice(-1), goodsCategoryId: cat.root! },
    { name: goods[0]!.goodsNumber.slice(-2), goodsCategoryId: cat.root! },
    { name: goods[0]!.goodsNumber.slice(0, 2).toLowerCase(), goodsCategoryId: cat.steel! },
    { name: '%' },
    { name: '_' },
    { name: '不存在的货品' },
  ];

  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    await addCategory('root', null);
    await addCategory('steel', 'root');
    await addCategory('copper', 'root');
    await addCategory('rebar', 'steel');
    const items: [string, string, string][] = [
      ['rebar', `${tag} 螺纹钢`, `${tag}-SPEC-1 HRB400E`],
      ['rebar', `${tag} 螺纹钢`, `${tag}-SPEC-2 HRB500E`],
      ['steel', `${tag} 热轧钢板`, 'Q235B'],
      ['steel', `${tag} 热轧钢板`, `${tag}-SPEC-1 Q355B`],
      ['copper', `${tag} 电解铜`, 'Cu-CATH-1'],
      ['copper', `电解铜`, 'Cu-CATH-2'],
      ['root', `${tag} 杂项`, ''],
    ];
    for (const [key, goodsName, specificationModels] of [...items, ...items]) {
      const g = await http.create(a, BUSINESS_PATHS.goods, { goodsCategoryId: cat[key]!, goodsName, specificationModels });
      goods.push({ id: g.id, goodsNumber: g.goodsNumber as string });
    }
  });

  it('equals a plain query for every filter and page', async () => {
    for (const f of filters()) await expectSameAsReference(f);
    expect(await expectSameAsReference({ goodsCategoryId: cat.root! })).toBe(14);
    expect(await expectSameAsReference({ name: goods[0]!.goodsNumber })).toBe(1);
  });

  it('stays exact after goods are edited, moved between categories and deleted', async () => {
    // Renamed (a facet changes), moved to another category, and two deleted outright.
    const rename = await http.put(a, withId(BUSINESS_PATHS.goodsItem, goods[1]!.id), {
      goodsCategoryId: cat.rebar!,
      goodsName: `${tag} 盘螺`,
      specificationModels: 'HRB400E',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const move = await http.put(a, withId(BUSINESS_PATHS.goodsItem, goods[4]!.id), {
      goodsCategoryId: cat.rebar!,
      goodsName: `${tag} 电解铜`,
      specificationModels: 'Cu-CATH-1',
    });
    expect(move.statusCode, move.body).toBe(200);
    await t().database.db.deleteFrom('goods').where('id', 'in', [goods[12]!.id, goods[13]!.id]).execute();
    await sql`UPDATE goods SET goods_number = ${`${tag}-RENUMBERED`} WHERE id = ${goods[2]!.id}`.execute(t().database.db);
    for (const f of [...filters(), { name: '盘螺' }, { name: `${tag}-RENUMBERED` }]) await expectSameAsReference(f);
    expect(await expectSameAsReference({ goodsCategoryId: cat.root! })).toBe(12);
    // The goods-number piece counts (migration 0014) equal a fresh count after all that.
    const pieces = async (from: ReturnType<typeof sql>) =>
      (await sql<{ piece: string; n: number }>`SELECT piece, n::int AS n FROM ${from} ORDER BY piece`.execute(t().database.db)).rows;
    const ent = a.user.enterpriseId;
    expect(await pieces(sql`goods_number_pieces WHERE enterprise_id = ${ent}`)).toEqual(
      await pieces(sql`(SELECT p.piece, count(*) AS n FROM goods g CROSS JOIN LATERAL unnest(goods_number_grams(g.goods_number)) AS p(piece)
        WHERE g.enterprise_id = ${ent} GROUP BY p.piece) fresh`),
    );
  });

  it('follows the category tree when categories are added and moved', async () => {
    await addCategory('wire', 'rebar');
    const g = await http.create(a, BUSINESS_PATHS.goods, {
      goodsCategoryId: cat.wire!,
      goodsName: `${tag} 线材`,
      specificationModels: 'Φ6.5',
    });
    goods.push({ id: g.id, goodsNumber: g.goodsNumber as string });
    expect((await list({ goodsCategoryId: cat.steel! }, 0, 100)).ids).toContain(g.id);
    // The rebar branch (with wire below it) moves from steel to copper.
    await t().database.db.updateTable('goods_categories').set({ parent_id: cat.copper! }).where('id', '=', cat.rebar!).execute();
    expect((await list({ goodsCategoryId: cat.steel! }, 0, 100)).ids).not.toContain(g.id);
    expect((await list({ goodsCategoryId: cat.copper! }, 0, 100)).ids).toContain(g.id);
    for (const f of [...filters(), { goodsCategoryId: cat.wire! }]) await expectSameAsReference(f);
    // A category cannot move under its own subtree.
    await expect(
      t().database.db.updateTable('goods_categories').set({ parent_id: cat.wire! }).where('id', '=', cat.rebar!).execute(),
    ).rejects.toThrow(/own subtree/);
  });

  it('lists categories as they are now, however often it is asked', async () => {
    type Node = { id: number; goodsCategoryName: string; parentId: number | null };
    const categories = async (s: TestSession) => {
      const res = await http.get(s, `/api${GOODS_PATHS.listCategory}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Node[];
    };
    const plain = async () =>
      (
        await t()
          .database.db.selectFrom('goods_categories')
          .select(['id', 'goods_category_name as goodsCategoryName', 'parent_id as parentId'])
          .where('enterprise_id', '=', a.user.enterpriseId)
          .orderBy('parent_id', (ob) => ob.nullsFirst())
          .orderBy('sort')
          .orderBy('id')
          .execute()
      ).map((r) => ({ id: r.id, goodsCategoryName: r.goodsCategoryName, parentId: r.parentId }));
    const shape = (list: Node[]) => list.map((c) => ({ id: c.id, goodsCategoryName: c.goodsCategoryName, parentId: c.parentId }));
    expect(shape(await categories(a))).toEqual(await plain());
    expect(shape(await categories(a))).toEqual(await plain());
    await addCategory('nickel', 'root');
    expect((await categories(a)).map((c) => c.id)).toContain(cat.nickel);
    await t()
      .database.db.updateTable('goods_categories')
      .set({ goods_category_name: `${tag} 镍` })
      .where('id', '=', cat.nickel!)
      .execute();
    expect((await categories(a)).find((c) => c.id === cat.nickel)?.goodsCategoryName).toBe(`${tag} 镍`);
    expect(shape(await categories(a))).toEqual(await plain());
    // Another enterprise's list is its own.
    const b = await t().enter('demo-b-staff');
    expect((await categories(b)).map((c) => c.id)).not.toContain(cat.nickel);
  });

  it('says a short goods-number search past the count cap is estimated, and still pages it exactly', async () => {
    // In enterprise B (the other tests' full-page walks stay small): COUNT_CAP + 50 goods whose number holds the
    // piece "qz", and 20 more whose name holds it (the facet half) while their number does not.
    const b = await t().enter('demo-b-staff');
    const ent = b.user.enterpriseId;
    const db = t().database.db;
    const category = await db
      .insertInto('goods_categories')
      .values({ enterprise_id: ent, goods_category_code: `${tag}-CAP`, goods_category_name: `${tag} cap` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO goods (enterprise_id, category_id, goods_name, goods_number)
      SELECT ${ent}, ${category.id}, ${`${tag} 货品`}, ${`${tag}-QZ-`} || g FROM generate_series(1, ${COUNT_CAP + 50}) AS g`.execute(db);
    await sql`INSERT INTO goods (enterprise_id, category_id, goods_name, goods_number)
      SELECT ${ent}, ${category.id}, ${`${tag} QZ 货品`}, ${`${tag}-N-`} || g FROM generate_series(1, 20) AS g`.execute(db);
    const newest = await sql<{ id: number }>`SELECT id FROM goods WHERE enterprise_id = ${ent}
      AND (goods_name ILIKE '%qz%' OR goods_number ILIKE '%qz%') ORDER BY id DESC LIMIT 30`.execute(db);
    for (const pageNumber of [0, 2]) {
      const res = await http.get(b, `/api${GOODS_PATHS.listGoods}`, { name: 'qz', pageNumber, pageSize: 10 });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { content: { id: number }[]; totalElements: number; estimated?: boolean };
      expect(data).toMatchObject({ totalElements: 20 + COUNT_CAP, estimated: true });
      expect(data.content.map((r) => r.id)).toEqual(newest.rows.slice(pageNumber * 10, pageNumber * 10 + 10).map((r) => Number(r.id)));
    }
  });

  it('finds a number beginning by the prefix index only while no number holds it further in, and counts afresh after a change', async () => {
    // In enterprise B, goods whose numbers all begin with "KQ-", a pair that occurs nowhere else in its numbers
    // (migration 0037's inner pieces).
    const c = await t().enter('demo-b-staff');
    const ent = c.user.enterpriseId;
    const db = t().database.db;
    const category = await db
      .insertInto('goods_categories')
      .values({ enterprise_id: ent, goods_category_code: `${tag}-PRE`, goods_category_name: `${tag} prefix` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO goods (enterprise_id, category_id, goods_name, goods_number)
      SELECT ${ent}, ${category.id}, ${`${tag} 货品`}, 'KQ-' || (20250100 + g % 7) || '-' || lpad(g::text, 5, '0')
      FROM generate_series(1, 40) AS g`.execute(db);
    const startOnly = async (text: string) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM goods_number_inner_pieces
          WHERE enterprise_id = ${ent} AND piece = substr(lower(${text}::text), 1, 2)`.execute(db)
      ).rows[0]!.n === 0;
    const searchC = async (name: string, pageNumber = 0) => {
      const res = await http.get(c, `/api${GOODS_PATHS.listGoods}`, { name, pageNumber, pageSize: 4 });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { content: { id: number }[]; totalElements: number };
      return { ids: data.content.map((r) => r.id), total: data.totalElements };
    };
    const plain = async (name: string, pageNumber = 0) => {
      const p = `%${name}%`;
      const ids = await sql<{ id: number }>`SELECT id FROM goods WHERE enterprise_id = ${ent}
        AND (goods_name ILIKE ${p} OR goods_number ILIKE ${p} OR specification_models ILIKE ${p})
        ORDER BY id DESC LIMIT 4 OFFSET ${pageNumber * 4}`.execute(db);
      const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM goods WHERE enterprise_id = ${ent}
        AND (goods_name ILIKE ${p} OR goods_number ILIKE ${p} OR specification_models ILIKE ${p})`.execute(db);
      return { ids: ids.rows.map((r) => Number(r.id)), total: n.rows[0]!.n };
    };
    const expectPlain = async (name: string) => {
      for (const page of [0, 1, 0]) expect(await searchC(name, page), `${name} page ${page}`).toEqual(await plain(name, page));
    };

    // Only at the start: "kq-2025010" begins 5 or 6 of the 40 numbers (case-insensitive), read as one prefix range.
    expect(await startOnly('kq-2025010')).toBe(true);
    await expectPlain('kq-2025010');
    await expectPlain('KQ-20250103');
    expect((await searchC('KQ-20250103')).total).toBe(6);

    // A new goods item joins the count at once (the count was kept under the data version before it).
    await sql`INSERT INTO goods (enterprise_id, category_id, goods_name, goods_number)
      VALUES (${ent}, ${category.id}, ${`${tag} 货品`}, 'KQ-20250103-99999')`.execute(db);
    expect((await searchC('KQ-20250103')).total).toBe(7);
    await expectPlain('KQ-20250103');

    // Renumbered so that "kq" occurs further in: now the text is matched anywhere in a number again.
    const [first] = (await plain('KQ-20250103')).ids;
    await sql`UPDATE goods SET goods_number = 'X-KQ-20250103' WHERE id = ${first!}`.execute(db);
    expect(await startOnly('KQ-20250103')).toBe(false);
    await expectPlain('KQ-20250103');
    expect((await searchC('KQ-20250103')).total).toBe(7);
    // Deleted again: only at the start once more.
    await db.deleteFrom('goods').where('id', '=', first!).execute();
    expect(await startOnly('KQ-20250103')).toBe(true);
    await expectPlain('KQ-20250103');
    expect((await searchC('KQ-20250103')).total).toBe(6);

    // The inner pieces equal a fresh count.
    const pieces = async (from: ReturnType<typeof sql>) =>
      (await sql<{ piece: string; n: number }>`SELECT piece, n::int AS n FROM ${from} ORDER BY piece`.execute(db)).rows;
    expect(await pieces(sql`goods_number_inner_pieces WHERE enterprise_id = ${ent}`)).toEqual(
      await pieces(sql`(SELECT p.piece, count(*) AS n FROM goods g CROSS JOIN LATERAL unnest(goods_number_inner_pairs(g.goods_number)) AS p(piece)
        WHERE g.enterprise_id = ${ent} GROUP BY p.piece) fresh`),
    );
  });

  it('matches nothing for another enterprise’s category', async () => {
    const b = await t().enter('demo-b-staff');
    const res = await http.get(b, `/api${GOODS_PATHS.listGoods}`, { goodsCategoryId: cat.root! });
    expect(res.json().data).toMatchObject({ content: [], totalElements: 0 });
  });
});
