// Spec 2.3 item 11: a warehouse row shows at most 3 goods lines, then 查看更多货品 (which opens the more-goods
// dialog with every line) and a total row.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IN_STORAGE, WAREHOUSE_PATHS } from '@tfb/contract';
import { i18n } from '../../../lib/i18n';
import { noticeDetail, noticeRow, page } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { buttonsLabelled, findDialog } from '../../../test/queries';
import { renderRoute, renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { GoodsLines } from '../components/goods-lines';
import { goodsColumns } from '../components/goods-columns';

const t = i18n.getFixedT('zh');

function renderLines(lineCount: number, goodsCount = lineCount, onMore = vi.fn()) {
  const row = noticeRow(1, lineCount, lineCount);
  renderWithProviders(
    <GoodsLines
      lines={row.inStorageNoticeGoods}
      goodsCount={goodsCount}
      getKey={(l) => l.id}
      columns={goodsColumns(t, IN_STORAGE, [row.totalWeight, row.totalStorageNumber])}
      onMore={onMore}
    />,
    { queryHidden: true },
  );
  return { row, onMore };
}

describe('goods lines of a warehouse row', () => {
  it('shows 3 lines and a total row, without 查看更多货品, when the document has 3 lines', () => {
    renderLines(3);
    expect(screen.getAllByTestId('goods-line')).toHaveLength(3);
    expect(buttonsLabelled('查看更多货品')).toHaveLength(0);
    const total = screen.getByTestId('goods-total');
    expect(total).toHaveTextContent('合计');
    // Quantity is the line's weight, weight its storageNumber (spec section 3): 10+11+12 and 25.5+26.5+27.5.
    expect(total).toHaveTextContent('33');
    expect(total).toHaveTextContent('79.5');
  });

  it('never shows more than 3 lines; the 4th and later lead to 查看更多货品', () => {
    const { onMore } = renderLines(5);
    const lines = screen.getAllByTestId('goods-line');
    expect(lines).toHaveLength(3);
    expect(screen.queryByText('热轧卷板-1-4')).not.toBeInTheDocument();
    fireEvent.click(buttonsLabelled('查看更多货品')[0]!);
    expect(onMore).toHaveBeenCalledTimes(1);
    // The total row still sums every line, not just the shown ones: 10+…+14.
    expect(screen.getByTestId('goods-total')).toHaveTextContent('60');
  });

  it('in the list, 查看更多货品 opens the more-goods dialog with every line of the notice and its total', async () => {
    signIn();
    const big = noticeRow(7, 6);
    const small = noticeRow(8, 2);
    mockApi({
      [WAREHOUSE_PATHS.inStoragePage]: () => page([big, small], { scope: 'operator', canOperate: false }),
      [WAREHOUSE_PATHS.inStorageDetail]: () => noticeDetail(7, 6, { canOperate: false }),
    });
    renderRoute('/warehouse/regulated');

    await screen.findByText(big.code);
    // Only the 6-line notice offers more goods; the 2-line one does not.
    const more = buttonsLabelled('查看更多货品');
    expect(more).toHaveLength(1);
    expect(screen.getAllByTestId('goods-line')).toHaveLength(3 + 2);
    expect(screen.getAllByTestId('goods-total')).toHaveLength(2);

    fireEvent.click(more[0]!);
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByText('热轧卷板-7-6')).toBeInTheDocument());
    for (let i = 1; i <= 6; i += 1) expect(within(dialog).getByText(`热轧卷板-7-${i}`)).toBeInTheDocument();
    expect(within(dialog).getByText('合计')).toBeInTheDocument();
  });
});
