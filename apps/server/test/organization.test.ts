// Organisation calls: user lookup scoped to the enterprise, dictionary groups, business numbering.
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AGREEMENT_DATA_PACK_DOC_TYPE,
  CONTRACT_DRAFT_DOC_TYPE,
  CONTRACT_TYPE_KEYS,
  DOCUMENT_TYPE_GROUP,
  ErrorReplySchema,
} from '@tfb/contract';
import { seedScale } from '../src/db/seed-scale.js';
import type { DB } from '../src/db/types.js';
import { NUMBER_KEYS, businessDay, generateNumber } from '../src/lib/numbering.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

const USER_PATH = '/api/organizationService/user/findByUserAll';
const DICT_PATH = '/api/organizationService/dict/listByGroup';
const NUMBER_PATH = '/api/businessperationService/common/generateNumber';

type Dict = { code: number; message: string; data: { dictKey: string; dictValueName: string }[] };

describeEachDatabase('organisation', (t) => {
  let a: TestSession;
  let b: TestSession;
  beforeAll(async () => {
    [a, b] = await Promise.all([t().enter('demo-a-staff'), t().enter('demo-b-staff')]);
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

    it('counts each enterprise on its own: both start at 00001 the same day, and B never advances A', async () => {
      const day = businessDay(new Date());
      const first = (s: TestSession) => get(`${NUMBER_PATH}?numberKey=PERENT`, s.headers).then((r) => (r.json() as { data: string }).data);
      expect(await first(a)).toBe(`PERENT-${day}-00001`);
      expect(await first(b)).toBe(`PERENT-${day}-00001`);
      for (let i = 0; i < 5; i++) await first(b);
      expect(await first(a)).toBe(`PERENT-${day}-00002`);
      expect(await first(b)).toBe(`PERENT-${day}-00007`);
      const rows = await t()
        .database.db.selectFrom('number_sequences')
        .select(['enterprise_id', 'last_value'])
        .where('number_key', '=', 'PERENT')
        .orderBy('enterprise_id')
        .execute();
      expect(rows.map((r) => [r.enterprise_id, Number(r.last_value)])).toEqual([
        ['ent-a', 2],
        ['ent-b', 7],
      ]);
    });

    it('gives 30 distinct numbers to 30 concurrent calls of each of two enterprises', async () => {
      const db = t().database.db;
      const calls = Array.from({ length: 60 }, (_, i) => generateNumber(db, i % 2 ? 'ent-b' : 'ent-a', 'PARA'));
      const numbers = await Promise.all(calls);
      for (const ent of [0, 1]) {
        const mine = numbers.filter((_, i) => i % 2 === ent);
        expect(new Set(mine).size).toBe(30);
        expect(mine.map(sequenceOf).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      }
    });
  });

  describe('seeded business codes', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    // Every business code of the demo data, with the key the server numbers it by.
    const seededCodes = sql<{ enterprise_id: string; key: string; code: string }>`
      SELECT enterprise_id, ${NUMBER_KEYS.salesOrder} AS key, order_code AS code FROM sales_orders
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.purchaseOrder}, purchase_order_code FROM purchase_orders
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.project}, project_code FROM projects
      UNION ALL SELECT enterprise_id, substring(contract_type FROM 23), code FROM contracts
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.loan}, application_form_num FROM loan_applications
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.settlement}, settle_code FROM settlements
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.goods}, goods_number FROM goods
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.inStorageNotice}, code FROM in_storage_notices
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.deliveryInstruction}, code FROM delivery_instructions
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.inStorageOrder}, code FROM in_storage_orders
      UNION ALL SELECT enterprise_id, ${NUMBER_KEYS.outboundOrder}, code FROM outbound_orders`;

    /** Every seeded code's counter (enterprise, key, day) stands at or past it, so a new number never repeats one. */
    const expectCountersPast = async (db: Kysely<DB>) => {
      const behind = await sql<{ code: string }>`
        SELECT c.code FROM (${seededCodes}) c
        LEFT JOIN number_sequences s
          ON s.enterprise_id = c.enterprise_id AND s.number_key = c.key AND s.period = split_part(c.code, '-', 2)
        WHERE s.last_value IS NULL OR s.last_value < split_part(c.code, '-', 3)::bigint`.execute(db);
      expect(behind.rows).toEqual([]);
    };

    it('are in the generated format, and the counters stand at or past each of them', async () => {
      const db = t().database.db;
      const codes = (await seededCodes.execute(db)).rows;
      expect(codes.length).toBeGreaterThan(1000);
      for (const c of codes) expect(c.code, c.key).toMatch(new RegExp(`^${c.key}-\\d{8}-\\d{5}$`));
      await expectCountersPast(db);
    });

    it('the --scale seeder writes its codes in the same format from the same counters, run after run', async () => {
      const db = t().database.db;
      const count = async () =>
        Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${seededCodes}) c`.execute(db)).rows[0]!.n);
      const before = await count();
      for (const run of [1, 2]) {
        const r = await seedScale(t().database, 120);
        expect(r.run).toBe(run);
      }
      const codes = (await seededCodes.execute(db)).rows;
      expect(codes.length).toBeGreaterThan(before + 2 * 120);
      for (const c of codes) expect(c.code, c.key).toMatch(new RegExp(`^${c.key}-\\d{8}-\\d{5}$`));
      const dupes = await sql<{ code: string }>`
        SELECT enterprise_id, code FROM (${seededCodes}) c GROUP BY enterprise_id, code HAVING count(*) > 1`.execute(db);
      expect(dupes.rows).toEqual([]);
      await expectCountersPast(db);
    });

    it('a number generated on a seeded day continues after the seeded ones', async () => {
      const db = t().database.db;
      // Projects: a key no other table shares, so the newest seeded code of a day is that day's count.
      const newest = await db
        .selectFrom('projects')
        .select('project_code')
        .where('enterprise_id', '=', 'ent-a')
        .orderBy('project_code', 'desc')
        .executeTakeFirstOrThrow();
      const [, period, last] = newest.project_code.split('-') as [string, string, string];
      /** How many projects of the enterprise are numbered on that business day. */
      const sameDay = async (enterpriseId: string) =>
        Number(
          (
            await db
              .selectFrom('projects')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('enterprise_id', '=', enterpriseId)
              .where('project_code', 'like', `${NUMBER_KEYS.project}-${period}-%`)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(Number(last)).toBe(await sameDay('ent-a'));
      // Noon on that business day (China Standard Time).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${period.slice(0, 4)}-${period.slice(4, 6)}-${period.slice(6)}T04:00:00Z`));
      const next = await generateNumber(db, 'ent-a', NUMBER_KEYS.project);
      expect(next).toBe(`${NUMBER_KEYS.project}-${period}-${String(Number(last) + 1).padStart(5, '0')}`);
      // ent-b's counter for that day is its own.
      const other = await generateNumber(db, 'ent-b', NUMBER_KEYS.project);
      expect(other).toBe(`${NUMBER_KEYS.project}-${period}-${String((await sameDay('ent-b')) + 1).padStart(5, '0')}`);
    });
  });
});
