// Print when the server cannot produce the document (no CJK font installed): code 0, 成功 and null data, so the
// client shows 数据打印失败; the cause (naming what to install) goes to the log, not to the client.
import { expect, it, vi } from 'vitest';
import { MESSAGES, WAREHOUSE_PATHS } from '@tfb/contract';
import { PrintFontMissingError } from '../src/modules/warehouse/print-font.js';
import type * as PrintFont from '../src/modules/warehouse/print-font.js';
import { describeEachDatabase } from './helpers/test-app.js';

vi.mock('../src/modules/warehouse/print-font.js', async (importOriginal) => {
  const actual = await importOriginal<typeof PrintFont>();
  return {
    ...actual,
    loadPrintFont: () => {
      throw new actual.PrintFontMissingError(['/nowhere/font.ttc']);
    },
  };
});

it('names the packages to install when no font is found', () => {
  const e = new PrintFontMissingError(['/nowhere/font.ttc']);
  expect(e.message).toContain('@fontsource/noto-sans-sc');
  expect(e.message).toContain('fonts-noto-cjk');
});

describeEachDatabase('print without a font', (t) => {
  it('answers code 0, 成功 and null data (the client shows 数据打印失败)', async () => {
    const operator = await t().enter('demo-warehouse-operator');
    const notice = await t()
      .database.db.selectFrom('in_storage_notices as n')
      .select('n.id')
      .where('n.enterprise_id', '=', 'ent-a')
      .where((eb) => eb.exists(eb.selectFrom('in_storage_notice_goods as g').select('g.id').whereRef('g.notice_id', '=', 'n.id')))
      .executeTakeFirstOrThrow();
    const res = await t().app.inject({
      method: 'GET',
      url: WAREHOUSE_PATHS.printNotice,
      query: { id: String(notice.id) },
      headers: operator.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: MESSAGES.success, data: null });
    expect(MESSAGES.printFailed).toBe('数据打印失败');
    const stored = await t().database.db.selectFrom('print_documents').select('id').execute();
    expect(stored).toHaveLength(0);
  });
});
