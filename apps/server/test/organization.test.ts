// Organisation calls: user lookup scoped to the enterprise, dictionary groups, business numbering.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGREEMENT_DATA_PACK_DOC_TYPE,
  CONTRACT_DRAFT_DOC_TYPE,
  CONTRACT_TYPE_KEYS,
  DOCUMENT_TYPE_GROUP,
  ErrorReplySchema,
} from '@tfb/contract';
import { businessDay } from '../src/modules/organization/numbering.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

const USER_PATH = '/api/organizationService/user/findByUserAll';
const DICT_PATH = '/api/organizationService/dict/listByGroup';
const NUMBER_PATH = '/api/businessperationService/common/generateNumber';

type Dict = { code: number; message: string; data: { dictKey: string; dictValueName: string }[] };

describeEachDatabase('organisation', (t) => {
  let a: TestSession;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
  });
  const get = (url: string, headers = a.headers) => t().app.inject({ method: 'GET', url, headers });

  describe('user/findByUserAll', () => {
    it('returns a user of the same enterprise', async () => {
      const res = await get(`${USER_PATH}/demo-admin`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { code: number; data: { userId: string; userName: string; enterpriseId: string } };
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ userId: 'demo-admin', userName: 'admin', enterpriseId: 'ent-a' });
    });

    it("answers another enterprise's user exactly like a missing one (404)", async () => {
      const other = await get(`${USER_PATH}/demo-b-staff`);
      const missing = await get(`${USER_PATH}/no-such-user`);
      expect(other.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(other.json()).toEqual(missing.json());
      expect(other.json()).toMatchObject({ code: 40400, data: null });
      expect(other.body).not.toContain('lina');
    });

    it('lets demo-b see its own user but not demo-a’s', async () => {
      const b = await t().enter('demo-b-staff');
      expect((await get(`${USER_PATH}/demo-b-staff`, b.headers)).statusCode).toBe(200);
      expect((await get(`${USER_PATH}/demo-a-staff`, b.headers)).statusCode).toBe(404);
    });

    it('needs a session', async () => {
      expect((await get(`${USER_PATH}/demo-a-staff`, {})).statusCode).toBe(401);
    });
  });

  describe('dict/listByGroup', () => {
    it(`lists ${DOCUMENT_TYPE_GROUP} with the agreement data pack and the contract-draft type`, async () => {
      const res = await get(`${DICT_PATH}?dictGroupName=${DOCUMENT_TYPE_GROUP}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Dict;
      expect(body).toMatchObject({ code: 0, message: '成功' });
      const keys = body.data.map((d) => d.dictKey);
      expect(keys).toContain(AGREEMENT_DATA_PACK_DOC_TYPE);
      expect(AGREEMENT_DATA_PACK_DOC_TYPE).toBe('MLZZHFWPT_DOCTYPE_XYHTLZL');
      expect(keys).toContain(CONTRACT_DRAFT_DOC_TYPE);
      for (const d of body.data) expect(d.dictValueName).not.toBe('');
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('lists the 9 contract types', async () => {
      const body = (await get(`${DICT_PATH}?dictGroupName=contractType`)).json() as Dict;
      const keys = body.data.map((d) => d.dictKey);
      expect(keys).toHaveLength(9);
      expect([...keys].sort()).toEqual([...CONTRACT_TYPE_KEYS].sort());
      for (const key of keys) expect(key).toMatch(/^MLZZHFWPT_CONTACTTYPE_[A-Z]+$/);
    });

    it('answers an unknown group with an empty list', async () => {
      const res = await get(`${DICT_PATH}?dictGroupName=no_such_group`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, message: '成功', data: [] });
    });

    it.each([
      ['missing', DICT_PATH],
      ['empty', `${DICT_PATH}?dictGroupName=`],
      ['too long', `${DICT_PATH}?dictGroupName=${'g'.repeat(101)}`],
    ])('answers 400 naming dictGroupName when it is %s', async (_, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const body = ErrorReplySchema.parse(res.json());
      expect(body.message).toContain('dictGroupName');
      expect(body.errors?.map((e) => e.field)).toEqual(['dictGroupName']);
    });
  });

  describe('common/generateNumber', () => {
    const sequenceOf = (n: string) => Number(n.split('-').at(-1));

    it('formats KEY-SOURCE-yyyyMMdd-NNNNN', async () => {
      const res = await get(`${NUMBER_PATH}?numberKey=FMT&sourceCode=S01`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { code: number; data: string };
      expect(body.code).toBe(0);
      expect(body.data).toBe(`FMT-S01-${businessDay(new Date())}-00001`);
    });

    it('dates numbers by the business calendar (China Standard Time), not by UTC', () => {
      expect(businessDay(new Date('2026-11-22T15:59:59Z'))).toBe('20261122');
      expect(businessDay(new Date('2026-11-22T16:00:00Z'))).toBe('20261123');
      expect(businessDay(new Date('2026-12-31T16:30:00Z'))).toBe('20270101');
    });

    it('hands out 50 distinct, increasing numbers under 50 concurrent calls', async () => {
      const replies = await Promise.all(Array.from({ length: 50 }, () => get(`${NUMBER_PATH}?numberKey=CONC`)));
      for (const r of replies) expect(r.statusCode).toBe(200);
      const numbers = replies.map((r) => (r.json() as { data: string }).data);
      expect(new Set(numbers).size).toBe(50);
      const seqs = numbers.map(sequenceOf).sort((x, y) => x - y);
      // No gaps, no repeats: exactly 1..50 for a fresh key.
      expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      // And the next one continues after all of them.
      const next = (await get(`${NUMBER_PATH}?numberKey=CONC`)).json() as { data: string };
      expect(sequenceOf(next.data)).toBe(51);
    });

    it('counts each key on its own', async () => {
      const x = (await get(`${NUMBER_PATH}?numberKey=KEYX`)).json() as { data: string };
      const y = (await get(`${NUMBER_PATH}?numberKey=KEYY`)).json() as { data: string };
      expect(sequenceOf(x.data)).toBe(1);
      expect(sequenceOf(y.data)).toBe(1);
    });

    it.each([
      ['missing', NUMBER_PATH],
      ['empty', `${NUMBER_PATH}?numberKey=`],
      ['with spaces', `${NUMBER_PATH}?numberKey=${encodeURIComponent('bad key')}`],
      ['with SQL', `${NUMBER_PATH}?numberKey=${encodeURIComponent("x';drop table users;--")}`],
      ['too long', `${NUMBER_PATH}?numberKey=${'K'.repeat(65)}`],
    ])('answers 400 naming numberKey when it is %s', async (_, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const body = ErrorReplySchema.parse(res.json());
      expect(body.errors?.map((e) => e.field)).toContain('numberKey');
    });

    it('needs a session', async () => {
      expect((await get(`${NUMBER_PATH}?numberKey=ANON`, {})).statusCode).toBe(401);
    });
  });
});
