// The create-in-storage-order page pre-fills each line with what its notice line has left (a notice may be received
// in several lots), shows it under each measure, and refuses a larger value before submit with the server's
// message; within the limit the order is sent with the values typed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, WAREHOUSE_OPERATOR_ORG_ID, WAREHOUSE_PAGES, WAREHOUSE_PATHS } from '@tfb/contract';
import { inStorageOrder, noticeDetail } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { buttonsLabelled } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';

describe('create in-storage order limits', () => {
  it('shows what each line has left and refuses more before submit', async () => {
    // 6 of each line's quantity were already received by an earlier order.
    const detail = noticeDetail(7, 2, { taken: 6 });
    signIn({ userId: 'demo-warehouse-operator', orgId: WAREHOUSE_OPERATOR_ORG_ID, roles: ['warehouse_operator'] });
    const api = mockApi({
      [WAREHOUSE_PATHS.inStorageDetail]: () => detail,
      [WAREHOUSE_PATHS.inStorageOrderCreate]: ({ body }) => inStorageOrder({ noticeId: body.noticeId }),
    });
    const sent = () => api.bodiesSentTo(WAREHOUSE_PATHS.inStorageOrderCreate);
    renderRoute(`${WAREHOUSE_PAGES.createInStorageOrder}?id=7&scope=operator`);

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
    expect(sent()).toHaveLength(0);

    fireEvent.change(quantity, { target: { value: '3.5' } });
    // The line's own message goes (the toast of the refused submit may still be showing).
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(buttonsLabelled('确认创建')[0]!);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({
      noticeId: 7,
      goods: [
        { noticeGoodsId: 700, weight: 3.5, storageNumber: 25.5 },
        { noticeGoodsId: 701, weight: 5, storageNumber: 26.5 },
      ],
    });
  });
});
