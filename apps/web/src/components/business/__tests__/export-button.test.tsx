// "导出 Excel" on a list page: the button sends the list's current filter (not its page) with the sheet, column
// titles and code labels in the user's language to the list's export call, and saves the workbook under the
// server's name; a refusal (too many rows) is shown as the server words it. Every export's title and label keys
// exist in each language.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_PATHS, LIST_EXPORTS, LIST_EXPORT_MESSAGES, PROJECT_EXPORT, listExportPath } from '@tfb/contract';
import { pageByType, projectRow } from '../../../test/fixtures';
import { searchListUntilGone } from '../../../test/queries';
import { openScreen } from '../../../test/screen';
import { en } from '../../../locales/en';
import { es } from '../../../locales/es';
import { zh } from '../../../locales/zh';
import { zhPages } from '../../../locales/zh-pages';

type Sent = {
  url: string;
  body: {
    filter: Record<string, unknown>;
    titles: { sheet: string; columns: Record<string, string>; labels: Record<string, Record<string, string>> };
  };
};

/** Answers export calls with `reply` beside the contract's mock server; returns what they were sent. */
function answerExports(reply: () => Response): Sent[] {
  const contractServer = globalThis.fetch;
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.endsWith('/export')) return contractServer(input, init);
      sent.push({ url, body: JSON.parse(String(init?.body)) as Sent['body'] });
      return Promise.resolve(reply());
    }),
  );
  return sent;
}

describe('export button', () => {
  afterEach(() => vi.restoreAllMocks());

  it('exports the filter the list shows, with titles and labels in the user’s language, and saves the file', async () => {
    const rows = [projectRow(), projectRow({ id: 42, projectCode: 'XM-20261101-00042', type: 2 })];
    const { user } = openScreen('/projects/list', { [BUSINESS_PATHS.projects]: pageByType(rows) });
    await screen.findByText('XM-20261101-00041');
    await searchListUntilGone(user, { 项目类型: '销售类' }, 'XM-20261101-00041');

    const sent = answerExports(
      () =>
        new Response(new Blob(['xlsx']), {
          status: 200,
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''%E9%A1%B9%E7%9B%AE%E5%88%97%E8%A1%A8_20261128.xlsx" },
        }),
    );
    const created = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    expect(await screen.findByText('已导出 项目列表_20261128.xlsx')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(listExportPath(BUSINESS_PATHS.projects));
    expect(sent[0]!.body.filter).toEqual({ type: 2 });
    expect(sent[0]!.body.titles.sheet).toBe('项目列表');
    expect(sent[0]!.body.titles.columns).toMatchObject({
      projectCode: '项目编号',
      type: '项目类型',
      status: '状态',
      createTime: '创建时间',
    });
    expect(Object.keys(sent[0]!.body.titles.columns)).toEqual(PROJECT_EXPORT.columns.map((c) => c.key));
    expect(sent[0]!.body.titles.labels).toMatchObject({
      type: { 1: '采购类', 2: '销售类' },
      status: { draft: '草稿', submitted: '已提交' },
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal when the filter matches too many rows', async () => {
    const { user } = openScreen('/projects/list', { [BUSINESS_PATHS.projects]: pageByType([projectRow()]) });
    await screen.findByText('XM-20261101-00041');
    answerExports(
      () =>
        new Response(JSON.stringify({ code: 40000, message: LIST_EXPORT_MESSAGES.tooManyRows, data: null }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    expect(await screen.findByText(`导出失败：${LIST_EXPORT_MESSAGES.tooManyRows}`)).toBeInTheDocument();
  });

  it('finds every export title and label in each language', () => {
    const lookup = (messages: object, key: string): unknown =>
      key
        .split('.')
        .reduce<unknown>(
          (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
          messages,
        );
    const missing: string[] = [];
    for (const [name, messages] of [
      ['zh', { ...zh, ...zhPages }],
      ['en', en],
      ['es', es],
    ] as const) {
      for (const spec of Object.values(LIST_EXPORTS)) {
        const keys = spec.columns.flatMap((c) => [c.title, ...(c.labels?.map((l) => l.label) ?? [])]);
        for (const key of keys) if (typeof lookup(messages, key) !== 'string') missing.push(`${name} ${key}`);
      }
      for (const key of ['biz.list.export', 'biz.list.exported', 'biz.list.exportFailed']) {
        if (typeof lookup(messages, key) !== 'string') missing.push(`${name} ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
