// Goods category administration (issue 14, /goods/categories; requirements P30): add, rename, move, disable and
// delete through goods:admin; the tree is the goods picker's category list, read again after every write; another
// enterprise's categories do not exist; a staff user (goods:read, goods:write) may read but not change the tree.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  BUSINESS_PATHS,
  GOODS_CATEGORY_MAX_DEPTH,
  GOODS_CATEGORY_MESSAGES as M,
  GOODS_CATEGORY_PATHS as P,
  GOODS_PATHS,
  PERMISSION_MESSAGES,
  type GoodsCategory,
} from '@tfb/contract';
import { addTestUser } from './helpers/users.js';
import { withId } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('goods category administration', (t) => {
  let admin: TestSession;
  let staff: TestSession;
  let adminB: TestSession;
  const tag = `GC${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  let n = 0;
  const code = () => `${tag}-${++n}`;

  beforeAll(async () => {
    await addTestUser(t().database.db, { id: 'test-b-goods-admin', enterpriseId: 'ent-b', orgId: 'org-b-trade', roles: ['admin'] });
    [admin, staff, adminB] = await Promise.all([t().enter('demo-admin'), t().enter('demo-a-staff'), t().enter('test-b-goods-admin')]);
  });

  const call = (s: TestSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, query?: Record<string, string>) =>
    t().app.inject({
      method,
      url,
      headers: s.headers,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      ...(query ? { query } : {}),
    });
  const tree = async (s: TestSession): Promise<GoodsCategory[]> => {
    const res = await call(s, 'GET', `/api${GOODS_PATHS.listCategory}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const add = async (s: TestSession, parentId: number | null, name: string): Promise<GoodsCategory> => {
    const res = await call(s, 'POST', P.add, { parentId, goodsCategoryCode: code(), goodsCategoryName: name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const rename = (s: TestSession, c: GoodsCategory, name: string) =>
    call(s, 'PUT', withId(P.rename, c.id), { goodsCategoryName: name, version: c.version });
  const move = (s: TestSession, c: GoodsCategory, parentId: number | null, index?: number) =>
    call(s, 'PUT', withId(P.move, c.id), { parentId, version: c.version, ...(index === undefined ? {} : { index }) });
  const setDisabled = (s: TestSession, c: GoodsCategory, disabled: boolean) =>
    call(s, 'PUT', withId(P.status, c.id), { disabled, version: c.version });
  const remove = (s: TestSession, c: GoodsCategory) => call(s, 'DELETE', withId(P.item, c.id), undefined, { version: String(c.version) });
  const fresh = async (c: GoodsCategory) => (await tree(admin)).find((x) => x.id === c.id)!;

  it('adds at the top and under a parent, and the picker tree shows them at once', async () => {
    const before = await tree(admin);
    const top = await add(admin, null, `${tag} 金属`);
    expect(top).toMatchObject({ parentId: null, goodsCategoryName: `${tag} 金属`, isLeaf: true, disabled: false, version: 1 });
    const child = await add(admin, top.id, '铜');
    const after = await tree(admin);
    expect(after.length).toBe(before.length + 2);
    expect(after.find((c) => c.id === child.id)).toMatchObject({ parentId: top.id, isLeaf: true });
    expect(after.find((c) => c.id === top.id)).toMatchObject({ isLeaf: false });
  });

  it('refuses a sibling name twice, a taken code, an empty name and an unknown parent (400 naming the field)', async () => {
    const top = await add(admin, null, `${tag} 煤炭`);
    await add(admin, top.id, '焦煤');
    const dup = await call(admin, 'POST', P.add, { parentId: top.id, goodsCategoryCode: code(), goodsCategoryName: ' 焦煤 ' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ field: 'goodsCategoryName', message: M.nameTaken }]);
    // The same name under another parent is fine.
    const other = await add(admin, null, `${tag} 煤炭二`);
    await add(admin, other.id, '焦煤');
    const taken = await call(admin, 'POST', P.add, { parentId: null, goodsCategoryCode: `${tag}-1`, goodsCategoryName: `${tag} 新` });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: 'goodsCategoryCode', message: M.codeTaken }]);
    const empty = await call(admin, 'POST', P.add, { parentId: null, goodsCategoryCode: code(), goodsCategoryName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'goodsCategoryName', message: M.nameRequired }]);
    const orphan = await call(admin, 'POST', P.add, { parentId: 999_999_999, goodsCategoryCode: code(), goodsCategoryName: 'x' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors).toEqual([{ field: 'parentId', message: M.parentNotFound }]);
    // Renaming onto a sibling's name is refused too.
    const a = await add(admin, top.id, '动力煤');
    const clash = await rename(admin, a, '焦煤');
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([{ field: 'goodsCategoryName', message: M.nameTaken }]);
  });

  it('lets only one of two concurrent adds of the same name under one parent through', async () => {
    const parent = await add(admin, null, `${tag} 并发`);
    const body = () => ({ parentId: parent.id, goodsCategoryCode: code(), goodsCategoryName: '同名' });
    const answers = await Promise.all([call(admin, 'POST', P.add, body()), call(admin, 'POST', P.add, body())]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await tree(admin)).filter((c) => c.parentId === parent.id).map((c) => c.goodsCategoryName)).toEqual(['同名']);
  });

  it('renames from the version read, and answers 409 to a stale version', async () => {
    const c = await add(admin, null, `${tag} 旧名`);
    const ok = await rename(admin, c, `${tag} 新名`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ goodsCategoryName: `${tag} 新名`, version: 2 });
    const stale = await rename(admin, c, `${tag} 再改`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.stale);
    expect((await fresh(c)).goodsCategoryName).toBe(`${tag} 新名`);
  });

  it('moves a subtree under another parent and into place, refusing cycles and depth past the limit', async () => {
    const a = await add(admin, null, `${tag} A`);
    const b = await add(admin, null, `${tag} B`);
    const a1 = await add(admin, a.id, 'A1');
    const a11 = await add(admin, a1.id, 'A11');
    const b1 = await add(admin, b.id, 'B1');
    const b2 = await add(admin, b.id, 'B2');

    // a1 (with a11) goes first under b.
    const moved = await move(admin, a1, b.id, 0);
    expect(moved.statusCode, moved.body).toBe(200);
    let list = await tree(admin);
    expect(list.filter((c) => c.parentId === b.id).map((c) => c.id)).toEqual([a1.id, b1.id, b2.id]);
    expect(list.find((c) => c.id === a.id)!.isLeaf).toBe(true);
    // The goods picker's subtree filter follows the move (the closure moved with it).
    const page = await call(admin, 'GET', `/api${GOODS_PATHS.listGoods}`, undefined, {
      goodsCategoryId: String(b.id),
      pageNumber: '0',
      pageSize: '5',
    });
    expect(page.statusCode, page.body).toBe(200);

    // Under itself or its own descendant: refused, nothing changes.
    const self = await move(admin, await fresh(a1), a1.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([{ field: 'parentId', message: M.cycle }]);
    const cycle = await move(admin, await fresh(a1), a11.id);
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors).toEqual([{ field: 'parentId', message: M.cycle }]);
    expect((await fresh(a1)).parentId).toBe(b.id);

    // Within the same parent: b2 to the front.
    expect((await move(admin, b2, b.id, 0)).statusCode).toBe(200);
    list = await tree(admin);
    expect(list.filter((c) => c.parentId === b.id).map((c) => c.id)).toEqual([b2.id, a1.id, b1.id]);

    // Depth: a chain of GOODS_CATEGORY_MAX_DEPTH levels takes no child, and a two-level subtree does not fit under its
    // last-but-one level.
    let chain = await add(admin, null, `${tag} 深`);
    const levels = [chain];
    for (let i = 2; i <= GOODS_CATEGORY_MAX_DEPTH; i++) levels.push((chain = await add(admin, chain.id, `L${i}`)));
    const tooDeep = await call(admin, 'POST', P.add, { parentId: chain.id, goodsCategoryCode: code(), goodsCategoryName: 'L+1' });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors).toEqual([{ field: 'parentId', message: M.tooDeep }]);
    const deepMove = await move(admin, await fresh(a1), levels[GOODS_CATEGORY_MAX_DEPTH - 2]!.id);
    expect(deepMove.statusCode).toBe(400);
    expect(deepMove.json().errors).toEqual([{ field: 'parentId', message: M.tooDeep }]);
    // A sibling with the same name at the target is refused.
    await add(admin, a.id, 'B1');
    const clash = await move(admin, await fresh(b1), a.id);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([{ field: 'goodsCategoryName', message: M.nameTaken }]);
  });

  it('disables a category: new goods cannot take it, goods already in it keep it and can still be saved', async () => {
    const c = await add(admin, null, `${tag} 停用`);
    const g = await call(admin, 'POST', BUSINESS_PATHS.goods, { goodsCategoryId: c.id, goodsName: '旧货品', images: [] });
    expect(g.statusCode, g.body).toBe(200);
    const goods = g.json().data;
    const off = await setDisabled(admin, c, true);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ disabled: true, version: 2 });
    expect((await fresh(c)).disabled).toBe(true);

    const refused = await call(admin, 'POST', BUSINESS_PATHS.goods, { goodsCategoryId: c.id, goodsName: '新货品', images: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'goodsCategoryId', message: M.disabledCategory }]);
    const kept = await call(admin, 'PUT', withId(BUSINESS_PATHS.goodsItem, goods.id), {
      goodsCategoryId: c.id,
      goodsName: '旧货品改',
      images: [],
      version: goods.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);

    const on = await setDisabled(admin, off.json().data, false);
    expect(on.json().data).toMatchObject({ disabled: false, version: 3 });
    expect((await setDisabled(admin, c, true)).statusCode).toBe(409);
  });

  it('deletes only an unused category: goods or children are refused with both counts', async () => {
    const parent = await add(admin, null, `${tag} 删除`);
    const child = await add(admin, parent.id, '子类');
    const withChild = await remove(admin, await fresh(parent));
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().message).toBe(M.inUse(0, 1));

    const g = await call(admin, 'POST', BUSINESS_PATHS.goods, { goodsCategoryId: child.id, goodsName: '在用货品', images: [] });
    expect(g.statusCode, g.body).toBe(200);
    const withGoods = await remove(admin, await fresh(child));
    expect(withGoods.statusCode).toBe(409);
    expect(withGoods.json().message).toBe(M.inUse(1, 0));

    const empty = await add(admin, parent.id, '空类');
    expect((await remove(admin, { ...empty, version: 99 })).statusCode).toBe(409);
    const gone = await remove(admin, empty);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().data).toEqual({ id: empty.id });
    expect((await tree(admin)).some((c) => c.id === empty.id)).toBe(false);
    expect((await fresh(parent)).isLeaf).toBe(false);
  });

  it("treats another enterprise's categories as missing (404) and leaves them as they were", async () => {
    const theirs = await add(adminB, null, `${tag} 乙方`);
    expect((await tree(admin)).some((c) => c.id === theirs.id)).toBe(false);
    expect((await rename(admin, theirs, '改')).statusCode).toBe(404);
    expect((await move(admin, theirs, null)).statusCode).toBe(404);
    expect((await setDisabled(admin, theirs, true)).statusCode).toBe(404);
    expect((await remove(admin, theirs)).statusCode).toBe(404);
    // Nor can one be a parent of ours.
    const under = await call(admin, 'POST', P.add, { parentId: theirs.id, goodsCategoryCode: code(), goodsCategoryName: 'x' });
    expect(under.statusCode).toBe(400);
    expect(under.json().errors).toEqual([{ field: 'parentId', message: M.parentNotFound }]);
    const mine = await add(admin, null, `${tag} 甲方`);
    expect((await move(admin, mine, theirs.id)).statusCode).toBe(400);
    expect((await tree(adminB)).find((c) => c.id === theirs.id)).toEqual(theirs);
  });

  it('lets a staff user (goods:read, not goods:admin) read the tree but change nothing (403)', async () => {
    const c = await add(admin, null, `${tag} 员工`);
    expect((await tree(staff)).some((x) => x.id === c.id)).toBe(true);
    const denied = PERMISSION_MESSAGES.denied('goods:admin');
    for (const res of [
      await call(staff, 'POST', P.add, { parentId: null, goodsCategoryCode: code(), goodsCategoryName: 'x' }),
      await rename(staff, c, 'x'),
      await move(staff, c, null),
      await setDisabled(staff, c, true),
      await remove(staff, c),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(denied);
    }
    expect(await fresh(c)).toEqual(c);
  });
});
