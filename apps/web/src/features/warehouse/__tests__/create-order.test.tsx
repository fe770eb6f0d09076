// The create-order pages pre-fill each line with what its source line has left (a notice or an instruction may be
// handled in several lots), show it under each measure, and refuse a larger value before submit with the server's
// message; within the limit the order is sent with the values typed, in the kind's own wire names.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IN_STORAGE, LIMIT_MESSAGES, OUTBOUND, type WarehouseDocumentKind } from '@tfb/contract';
import { CreateInStorageOrderPage, CreateOutboundOrderPage } from '../components/create-order-pages';
import { instructionDetail, noticeDetail } from './fixtures';
import { buttonsLabelled, renderScreen } from './test-utils';

/** Answers the source document's detail; records every create-order body sent (and answers it with an order). */
function answerCreatePage(kind: WarehouseDocumentKind, detail: unknown): unknown[] {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    let data: unknown = null;
    if (url.pathname === kind.source.detailPath) data = detail;
    else if (url.pathname === kind.order.createPath && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      data = { id: 1, code: 'RKD-20261121-00001' };
    }
    return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

describe('the create-order pages', () => {
  it('shows what each line has left and refuses more before submit', async () => {
    // 6 of each line's quantity were already received by an earlier order.
    const sent = answerCreatePage(IN_STORAGE, noticeDetail(7, 2, { taken: 6 }));
    renderScreen(<CreateInStorageOrderPage />, '/WarehouscreatitemManagement?id=7&scope=operator');

    // Line 1: quantity 10 announced, 4 left; line 2: 11 announced, 5 left.
    expect(await screen.findByText('剩余 4 / 共 10')).toBeInTheDocument();
    expect(screen.getByText('剩余 5 / 共 11')).toBeInTheDocument();
    const quantity = screen.getByLabelText('热轧卷板-7-1 实收数量') as HTMLInputElement;
    expect(quantity.value).toBe('4.000');

    const message = LIMIT_MESSAGES.inStorageExceedsNotice('热轧卷板-7-1', '数量', 10, 4);
    fireEvent.change(quantity, { target: { value: '4.5' } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(buttonsLabelled('确认创建')[0]!);
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(1));
    expect(sent).toHaveLength(0);

    fireEvent.change(quantity, { target: { value: '3.5' } });
    // The line's own message goes (the toast of the refused submit may still be showing).
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(buttonsLabelled('确认创建')[0]!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      noticeId: 7,
      goods: [
        { noticeGoodsId: 700, weight: 3.5, storageNumber: 25.5 },
        { noticeGoodsId: 701, weight: 5, storageNumber: 26.5 },
      ],
    });
  });

  it('an outbound order is sent in the delivery instruction\'s own words', async () => {
    const sent = answerCreatePage(OUTBOUND, instructionDetail(3, 2));
    renderScreen(<CreateOutboundOrderPage />, '/WarehouscreatmGoodsOutbound?id=3&scope=warehouse');

    // The instruction's header names its own code and data source; the lines are its delivery measures.
    expect(await screen.findByText('CKZL-2026-0003')).toBeInTheDocument();
    expect(screen.getByText('提货申请生成')).toBeInTheDocument();
    expect((screen.getByLabelText('冷轧板-3-1 提货数量') as HTMLInputElement).value).toBe('5.000');
    fireEvent.click(buttonsLabelled('确认创建')[0]!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      instructionId: 3,
      scope: 'warehouse',
      goods: [
        { applyGoodsId: 300, deliveryNumber: 5, deliveryWeightNumber: 12, reelNumber: 'C3-1' },
        { applyGoodsId: 301, deliveryNumber: 6, deliveryWeightNumber: 13, reelNumber: 'C3-2' },
      ],
    });
    expect(sent[0]).toHaveProperty('deliveryTime');
  });
});
