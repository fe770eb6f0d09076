// Warning messages: the caller's own only, 5 per page (zero-based pageNum), mark-read (idempotent) and the unread
// count; earlyWarningInfo answers the risk records behind a message.
import { expect, it } from 'vitest';
import { ALERT_PAGE_SIZE, ALERT_PATHS, RISK_TYPE_TITLES, type RiskType, type WarningMessage } from '@tfb/contract';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Reply<T> = { code: number; message: string; data: T };
type MessagePage = {
  content: WarningMessage[];
  totalElements: number;
  pageNum: number;
  pageSize: number;
  clamped?: boolean;
  unreadCount: number;
};
type Info = {
  warnDate: string;
  warnRule: string;
  riskType: number | null;
  title: string | null;
  warnList: { id: number; companyName: string; riskType: number; warnDate: string; warnRule: string; details: Record<string, unknown> }[];
};

describeEachDatabase('warning messages', (t) => {
  let staff: TestSession;
  let admin: TestSession;
  let bStaff: TestSession;

  const get = async <T>(s: TestSession | undefined, url: string, query: Record<string, unknown> = {}) => {
    const res = await t().app.inject({
      method: 'GET',
      url,
      headers: s?.headers ?? {},
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };
  const markRead = async (s: TestSession, payload: unknown) => {
    const res = await t().app.inject({
      method: 'PUT',
      url: ALERT_PATHS.updateStatus,
      headers: s.headers,
      payload: payload as Record<string, unknown>,
    });
    return {
      status: res.statusCode,
      body: res.json() as Reply<{ alertId: number; isRead: boolean; readAt: string | null; unreadCount: number }>,
    };
  };
  const counts = async (userId: string) => {
    const rows = await t().database.db.selectFrom('warning_messages').select(['is_read']).where('user_id', '=', userId).execute();
    return { total: rows.length, unread: rows.filter((r) => !r.is_read).length };
  };

  it('lists the caller’s messages newest first, 5 per page, pageNum zero-based', async () => {
    [staff, admin, bStaff] = await Promise.all([t().enter('demo-a-staff'), t().enter('demo-admin'), t().enter('demo-b-staff')]);
    const expected = await counts('demo-a-staff');
    const first = await get<MessagePage>(staff, ALERT_PATHS.messages, { userId: 'demo-a-staff', pageNum: 0, pageSize: ALERT_PAGE_SIZE });
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ pageNum: 0, pageSize: 5, totalElements: expected.total, unreadCount: expected.unread });
    expect(first.body.data.content).toHaveLength(5);
    const second = await get<MessagePage>(staff, ALERT_PATHS.messages, { userId: 'demo-a-staff', pageNum: 1, pageSize: 5 });
    const ids = [...first.body.data.content, ...second.body.data.content].map((m) => m.id);
    expect(new Set(ids).size).toBe(10);
    const times = [...first.body.data.content, ...second.body.data.content].map((m) => m.warn_gen_dt);
    expect([...times].sort().reverse()).toEqual(times);
    const m = first.body.data.content[0]!;
    expect(m.alertId).toBe(m.id);
    expect(m.warnDate).toBe(m.warn_gen_dt.slice(0, 10));
    expect(m.riskTitle).toBe(RISK_TYPE_TITLES[m.riskType as RiskType]);
    // Past the end: an empty page, not an error.
    const past = await get<MessagePage>(staff, ALERT_PATHS.messages, { pageNum: 99 });
    expect(past.body.data.content).toEqual([]);
  });

  it('5 is the only page size: a larger one is served as 5 and says so; no size means 5', async () => {
    const big = await get<MessagePage>(staff, ALERT_PATHS.messages, { pageNum: 0, pageSize: 100 });
    expect(big.body.data).toMatchObject({ pageSize: 5, clamped: true });
    expect(big.body.data.content).toHaveLength(5);
    const none = await get<MessagePage>(staff, ALERT_PATHS.messages, {});
    expect(none.body.data.pageSize).toBe(5);
    expect(none.body.data.clamped).toBeUndefined();
  });

  it('another user’s messages are refused; each user sees only their own', async () => {
    const other = await get(staff, ALERT_PATHS.messages, { userId: 'demo-admin' });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(40300);
    const adminPage = await get<MessagePage>(admin, ALERT_PATHS.messages, { userId: 'demo-admin' });
    expect(adminPage.body.data.totalElements).toBe((await counts('demo-admin')).total);
    const bPage = await get<MessagePage>(bStaff, ALERT_PATHS.messages, {});
    expect(bPage.body.data.totalElements).toBe((await counts('demo-b-staff')).total);
    expect((await get(undefined, ALERT_PATHS.messages, {})).status).toBe(401);
  });

  it('bad paging input is a 400', async () => {
    for (const q of [{ pageNum: -1 }, { pageNum: 'one' }, { pageSize: 0 }, { pageSize: 'x' }, { userId: 'u'.repeat(65) }]) {
      const r = await get(staff, ALERT_PATHS.messages, q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.code).toBe(40000);
    }
  });

  it('opening a message marks it read (idempotent) and the unread count follows', async () => {
    const before = await get<{ unreadCount: number }>(staff, ALERT_PATHS.unreadCount);
    const page = await get<MessagePage>(staff, ALERT_PATHS.messages, {});
    const unread = page.body.data.content.find((m) => !m.isRead)!;
    expect(unread).toBeDefined();
    const first = await markRead(staff, { alertId: unread.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      code: 0,
      message: '成功',
      data: { alertId: unread.id, isRead: true, unreadCount: before.body.data.unreadCount - 1 },
    });
    expect(first.body.data.readAt).toBeTruthy();
    const again = await markRead(staff, { alertId: String(unread.id) });
    expect(again.body.data).toEqual(first.body.data);
    expect((await get<{ unreadCount: number }>(staff, ALERT_PATHS.unreadCount)).body.data.unreadCount).toBe(
      before.body.data.unreadCount - 1,
    );
    const reread = await get<MessagePage>(staff, ALERT_PATHS.messages, {});
    expect(reread.body.data.content.find((m) => m.id === unread.id)!.isRead).toBe(true);
    expect(reread.body.data.unreadCount).toBe(before.body.data.unreadCount - 1);
  });

  it('another user’s or enterprise’s message cannot be marked; bad alertId is a 400', async () => {
    const adminMsg = await t()
      .database.db.selectFrom('warning_messages')
      .select(['id', 'is_read'])
      .where('user_id', '=', 'demo-admin')
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow();
    expect((await markRead(staff, { alertId: adminMsg.id })).status).toBe(404);
    expect((await markRead(bStaff, { alertId: adminMsg.id })).status).toBe(404);
    const still = await t()
      .database.db.selectFrom('warning_messages')
      .select('is_read')
      .where('id', '=', adminMsg.id)
      .executeTakeFirstOrThrow();
    expect(still.is_read).toBe(false);
    for (const body of [{}, { alertId: 'x' }, { alertId: -3 }, { alertId: 1.5 }]) {
      const r = await markRead(staff, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('earlyWarningInfo answers the company risk records behind a message, with the type and title', async () => {
    const page = await get<MessagePage>(staff, ALERT_PATHS.messages, { pageSize: 5 });
    for (const m of page.body.data.content) {
      const r = await get<Info>(staff, ALERT_PATHS.info, { warnDate: m.warnDate, warnRule: m.warn_rule });
      expect(r.status).toBe(200);
      expect(r.body.data.warnList.length).toBeGreaterThan(0);
      expect(r.body.data.riskType).toBe(m.riskType);
      expect(r.body.data.title).toBe(m.riskTitle);
      expect(r.body.data.warnList.every((w) => w.warnDate === m.warnDate && w.warnRule === m.warn_rule)).toBe(true);
      expect(r.body.data.warnList.some((w) => w.companyName === m.companyName)).toBe(true);
      const narrowed = await get<Info>(staff, ALERT_PATHS.info, {
        warnDate: m.warnDate,
        warnRule: m.warn_rule,
        companyName: m.companyName,
      });
      expect(narrowed.body.data.warnList.every((w) => w.companyName === m.companyName)).toBe(true);
      expect(narrowed.body.data.warnList.length).toBeGreaterThan(0);
    }
  });

  it('earlyWarningInfo is scoped to the enterprise and validates its input', async () => {
    const m = (await get<MessagePage>(staff, ALERT_PATHS.messages, {})).body.data.content[0]!;
    const a = await get<Info>(staff, ALERT_PATHS.info, { warnDate: m.warnDate, warnRule: m.warn_rule });
    const b = await get<Info>(bStaff, ALERT_PATHS.info, { warnDate: m.warnDate, warnRule: m.warn_rule });
    const aIds = new Set(a.body.data.warnList.map((w) => w.id));
    expect(b.body.data.warnList.some((w) => aIds.has(w.id))).toBe(false);
    const none = await get<Info>(staff, ALERT_PATHS.info, { warnDate: '2000-01-01', warnRule: m.warn_rule });
    expect(none.body.data).toMatchObject({ warnList: [], riskType: null, title: null });
    for (const q of [
      { warnRule: m.warn_rule },
      { warnDate: m.warnDate },
      { warnDate: '2026-02-30', warnRule: 'x' },
      { warnDate: '0000-01-01', warnRule: 'x' },
      { warnDate: m.warnDate, warnRule: '' },
    ]) {
      const r = await get(staff, ALERT_PATHS.info, q);
      expect(r.status, JSON.stringify(q)).toBe(400);
    }
  });
});
