import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AGREEMENT_DATA_PACK_DOC_TYPE, CONTRACT_DRAFT_DOC_TYPE, MB, SESSION_PATHS } from '@tfb/contract';
import type { DocumentRowValue } from '../document-rules';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { DocumentUploadTable, type DocumentUploadTableProps } from '../document-upload-table';

const DICT = [
  { dictKey: CONTRACT_DRAFT_DOC_TYPE, dictValueName: '合同草稿' },
  { dictKey: AGREEMENT_DATA_PACK_DOC_TYPE, dictValueName: '协议合同资料包' },
  { dictKey: 'MLZZHFWPT_DOCTYPE_FP', dictValueName: '发票' },
];

let latest: DocumentRowValue[] | undefined;

function Harness(props: Omit<DocumentUploadTableProps, 'value' | 'onChange'> & { initial?: DocumentRowValue[] }) {
  const { initial, ...rest } = props;
  const [value, setValue] = useState<DocumentRowValue[] | undefined>(initial);
  return (
    <DocumentUploadTable
      {...rest}
      value={value}
      onChange={(rows) => {
        latest = rows;
        setValue(rows);
      }}
    />
  );
}

const dataRows = () => screen.getAllByRole('row').filter((r) => r.closest('tbody') && !r.classList.contains('ant-table-measure-row'));

/** Opens the type select of one row and returns the option labels shown. */
async function openTypeSelect(user: ReturnType<typeof userEvent.setup>, rowIndex: number): Promise<string[]> {
  const combo = within(dataRows()[rowIndex]!).getByRole('combobox');
  await user.click(combo);
  const listbox = await waitFor(() => {
    const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const last = open[open.length - 1];
    if (!last) throw new Error('dropdown not open');
    return last as HTMLElement;
  });
  await waitFor(() => expect(listbox.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...listbox.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string) {
  const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const dropdown = open[open.length - 1] as HTMLElement;
  const option = [...dropdown.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
  if (!option) throw new Error(`no option ${label}`);
  await user.click(option);
}

describe('DocumentUploadTable', () => {
  beforeEach(() => {
    latest = undefined;
    mockApi({ [SESSION_PATHS.dictByGroup]: () => DICT });
  });

  it('always shows one row, and the only row cannot be deleted', async () => {
    renderWithProviders(<Harness signType={0} />);
    expect(dataRows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: '删除该行' })).toBeDisabled();
  });

  it('offers add-row only when signType is 0', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Harness signType={1} />);
    expect(screen.queryByRole('button', { name: /添加一行/ })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<Harness signType={0} />);
    await user.click(screen.getByRole('button', { name: /添加一行/ }));
    expect(dataRows()).toHaveLength(2);
    for (const b of screen.getAllByRole('button', { name: '删除该行' })) expect(b).toBeEnabled();
    await user.click(screen.getAllByRole('button', { name: '删除该行' })[0]!);
    expect(dataRows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: '删除该行' })).toBeDisabled();
  });

  it('lets the agreement data pack be taken once and gives it back when its row is deleted', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness signType={0} />);
    await user.click(screen.getByRole('button', { name: /添加一行/ }));

    expect(await openTypeSelect(user, 0)).toContain('协议合同资料包');
    await chooseOption(user, '协议合同资料包');
    await waitFor(() => expect(latest?.[0]?.fileTypeId).toBe(AGREEMENT_DATA_PACK_DOC_TYPE));
    expect(latest?.[0]?.fileTypeName).toBe('协议合同资料包');

    const second = await openTypeSelect(user, 1);
    expect(second).not.toContain('协议合同资料包');
    expect(second).toContain('发票');
    await user.keyboard('{Escape}');

    await user.click(screen.getAllByRole('button', { name: '删除该行' })[0]!);
    expect(dataRows()).toHaveLength(1);
    expect(await openTypeSelect(user, 0)).toContain('协议合同资料包');
  });

  it('clears the type when the draft type is chosen while a pdf is attached', async () => {
    const user = userEvent.setup();
    const pdfRow: DocumentRowValue = {
      key: 'r1',
      fileName: '报价单.pdf',
      fileTypeId: 'MLZZHFWPT_DOCTYPE_FP',
      fileTypeName: '发票',
      filePath: '/api/businessperationService/common/file/9',
      endTime: null,
      fileQk: 'https://chain.example/cert/9',
    };
    renderWithProviders(<Harness signType={0} initial={[pdfRow]} />);
    expect(screen.getByRole('link', { name: /查看/ })).toHaveAttribute('href', pdfRow.filePath);
    expect(screen.getByRole('link', { name: /存证/ })).toHaveAttribute('href', pdfRow.fileQk);

    await openTypeSelect(user, 0);
    await chooseOption(user, '合同草稿');
    expect(await screen.findByText('上传文件只能是.doc或.docx格式!')).toBeInTheDocument();
    await waitFor(() => expect(latest?.[0]?.fileTypeId).toBe(''));
    expect(latest?.[0]?.filePath).toBe(pdfRow.filePath);
  });

  it('refuses a non-doc file for a draft row and files over the size limit, with the exact messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const draftRow: DocumentRowValue = {
      key: 'r1',
      fileName: '',
      fileTypeId: CONTRACT_DRAFT_DOC_TYPE,
      fileTypeName: '合同草稿',
      filePath: '',
      endTime: null,
      fileQk: null,
    };
    const { container, unmount } = renderWithProviders(<Harness signType={0} initial={[draftRow]} />);
    const input = () => container.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input(), new File(['%PDF'], 'draft.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('上传文件只能是.doc或.docx格式!')).toBeInTheDocument();

    const big = new File(['x'], 'big.docx');
    Object.defineProperty(big, 'size', { value: 10 * MB });
    await user.upload(input(), big);
    expect(await screen.findByText('上传文件大小不能超过 10MB!')).toBeInTheDocument();
    unmount();

    const view = renderWithProviders(<Harness signType={0} variant="large" />);
    const huge = new File(['x'], 'scan.pdf');
    Object.defineProperty(huge, 'size', { value: 200 * MB });
    await user.upload(view.container.querySelector('input[type=file]') as HTMLInputElement, huge);
    expect(await screen.findByText('上传文件大小不能超过 200MB!')).toBeInTheDocument();
  });
});
