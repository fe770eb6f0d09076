// The upload wizard on a fake server: a file is previewed with its inferred columns, a column's title and role are
// edited (a text column made a measure is refused before anything is sent), the confirmed columns and the name go
// with the file, the server's refusal naming a row and column is shown as sent, and a refresh with the same columns
// sends none.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOADED_DATASET_PATHS as P, UPLOAD_MESSAGES_DP, type UploadPreview, type UploadedDataset } from '@tfb/contract';
import { mockApi } from '../../../test/mock-api';
import { chooseOption, fill, findDialogTitled, setupUser } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { UploadWizard } from '../components/upload-wizard';

const ADMIN = { roles: ['portal_websites_admin'] };

const PREVIEW: UploadPreview = {
  fileName: '库存.csv',
  format: 'csv',
  rowCount: 2,
  columns: [
    { name: 'c1', header: '省份', title: '省份', type: 'province', role: 'dimension', unit: null },
    { name: 'c2', header: '仓库', title: '仓库', type: 'text', role: 'dimension', unit: null },
    { name: 'c3', header: '库存（吨）', title: '库存（吨）', type: 'number', role: 'measure', unit: 'tonne' },
  ],
  rows: [
    ['上海', '上港仓', 120.5],
    ['江苏', '太仓仓', 80],
  ],
};

const stored = (over: Partial<UploadedDataset> = {}): UploadedDataset => ({
  id: 'upload-7',
  name: '各省库存',
  fileName: '库存.csv',
  columns: PREVIEW.columns,
  rowCount: 2,
  createdAt: '2026-11-28T08:00:00.000Z',
  refreshedAt: '2026-11-28T08:00:00.000Z',
  createUserName: '孙悦',
  rows: PREVIEW.rows,
  ...over,
});

type Sent = { url: string; fields: Record<string, string> };

/** XMLHttpRequest as the server answers the wizard's multipart calls: `answer` gives status and body per URL. */
function fakeServer(answer: (url: string, fields: Record<string, string>) => { status: number; body: unknown }): Sent[] {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]));
      sent.push({ url: this.url, fields });
      const reply = answer(this.url, fields);
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const ok = (data: unknown) => ({ status: 200, body: { code: 0, message: '成功', data } });
const csv = () => new File(['省份,仓库,库存（吨）\n上海,上港仓,120.5\n江苏,太仓仓,80\n'], '库存.csv', { type: 'text/csv' });

describe('upload wizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('previews the file, takes edited columns and a name, and stores them with the file', async () => {
    signIn(ADMIN);
    mockApi({});
    // The server keeps each column's header and takes the rest from the confirmed columns.
    const confirmed = (fields: Record<string, string>) =>
      (JSON.parse(fields.columns!) as Omit<UploadedDataset['columns'][number], 'header'>[]).map((c, i) => ({
        ...c,
        header: PREVIEW.columns[i]!.header,
      }));
    const sent = fakeServer((url, fields) =>
      url === P.preview ? ok(PREVIEW) : ok(stored({ name: fields.name!, columns: confirmed(fields) })),
    );
    const saved: UploadedDataset[] = [];
    const user = setupUser();
    renderWithProviders(<UploadWizard open onClose={() => {}} onSaved={(d) => saved.push(d)} />);
    const dialog = await findDialogTitled('上传数据源');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.csv,.txt,.xlsx');
    await user.upload(input, csv());
    expect(await within(dialog).findByText('库存.csv：2 行数据，3 列')).toBeInTheDocument();
    // The inferred columns, editable; the preview's first rows under their titles.
    expect(within(dialog).getByLabelText('数据源名称')).toHaveValue('库存');
    await fill(user, within(dialog).getByLabelText('数据源名称'), '各省库存');
    await fill(user, within(dialog).getByLabelText('标题 仓库'), '仓库名称');
    expect(within(dialog).getByRole('columnheader', { name: '仓库名称' })).toBeInTheDocument();
    expect(within(dialog).getByText('120.5')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确认保存/ }));
    expect(await within(dialog).findByText('数据源“各省库存”共 2 行。')).toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual([P.preview, P.list]);
    expect(sent[1]!.fields.name).toBe('各省库存');
    expect(sent[1]!.fields.file).toBe('库存.csv');
    expect(JSON.parse(sent[1]!.fields.columns!)).toEqual([
      { name: 'c1', title: '省份', type: 'province', role: 'dimension', unit: null },
      { name: 'c2', title: '仓库名称', type: 'text', role: 'dimension', unit: null },
      { name: 'c3', title: '库存（吨）', type: 'number', role: 'measure', unit: 'tonne' },
    ]);
    expect(saved.map((d) => d.id)).toEqual(['upload-7']);
  });

  it('refuses a text column as a measure before sending, and shows the server’s row-and-column message', async () => {
    signIn(ADMIN);
    mockApi({});
    const refusal = UPLOAD_MESSAGES_DP.notNumber(3, 3, '库存（吨）');
    const sent = fakeServer((url) => (url === P.preview ? ok(PREVIEW) : { status: 400, body: { code: 40000, message: refusal } }));
    const user = setupUser();
    renderWithProviders(<UploadWizard open onClose={() => {}} />);
    const dialog = await findDialogTitled('上传数据源');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, csv());
    await within(dialog).findByText('库存.csv：2 行数据，3 列');
    await chooseOption(user, '角色 仓库', '指标');
    expect(await within(dialog).findByText('指标列必须是数字类型')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确认保存/ })).toBeDisabled();
    await chooseOption(user, '角色 仓库', '维度');
    await waitFor(() => expect(within(dialog).queryByText('指标列必须是数字类型')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: /确认保存/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`库存.csv：${refusal}`);
    expect(sent).toHaveLength(2);
  });

  it('refuses a file above 10 MB without sending it', async () => {
    signIn(ADMIN);
    mockApi({});
    const sent = fakeServer(() => ok(PREVIEW));
    const user = setupUser();
    renderWithProviders(<UploadWizard open onClose={() => {}} />);
    const dialog = await findDialogTitled('上传数据源');
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, big);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('上传文件大小不能超过 10MB!');
    expect(sent).toEqual([]);
  });

  it('refreshes with the same columns without asking for them again, and sends none', async () => {
    signIn(ADMIN);
    mockApi({});
    const sent = fakeServer((url) => (url === P.preview ? ok(PREVIEW) : ok(stored({ rowCount: 2 }))));
    const user = setupUser();
    renderWithProviders(<UploadWizard open onClose={() => {}} target={{ id: 'upload-7', name: '各省库存', columns: PREVIEW.columns }} />);
    const dialog = await findDialogTitled('重新上传“各省库存”');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, csv());
    expect(await within(dialog).findByText('文件的列与原数据一致，确认后将用新文件的数据替换全部行。')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('标题 仓库')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确认保存/ }));
    await screen.findByText('数据源“各省库存”共 2 行。');
    expect(sent[1]!.url).toBe(P.refresh.replace(':id', 'upload-7'));
    expect(sent[1]!.fields).toEqual({ file: '库存.csv' });
  });
});
