// The signing form holds an application to its product before anything is sent (limit, term range, a project or
// contract), with the contract's messages, lists the product's required documents, and saves the picked project;
// the detail says when the risk service is not configured, shows a failed delivery with its error, and offers the
// retry to the admin only; a draft missing a required document cannot be submitted.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPE_GROUP,
  PICKER_API_PATHS,
  PRODUCT_MESSAGES,
  PRODUCT_PATHS,
  SESSION_PATHS,
  type Product,
  type SigningDetail,
} from '@tfb/contract';
import { page } from '../../../test/fixtures';
import { fill, findDialogTitled } from '../../../test/queries';
import { openScreen } from '../../../test/screen';

const product = (over: Partial<Product> = {}): Product => ({
  id: 3,
  code: 'CP-CDZY',
  name: '仓单质押',
  kind: 'warehouseReceiptPledge',
  rateMin: 5.2,
  rateMax: 7.8,
  termMin: 3,
  termMax: 12,
  limitAmount: 1_000_000,
  requiredDocs: [
    { key: 'MLZZHFWPT_DOCTYPE_CD', name: '仓单' },
    { key: 'MLZZHFWPT_DOCTYPE_ZJBG', name: '质检报告' },
  ],
  description: '',
  status: 'on',
  createTime: '2026-11-01T00:00:00Z',
  updateTime: '2026-11-01T00:00:00Z',
  version: 1,
  ...over,
});

const signing = (over: Partial<SigningDetail> = {}): SigningDetail => ({
  id: 21,
  signCode: 'QY-20261128-00021',
  productId: 3,
  productCode: 'CP-CDZY',
  productName: '仓单质押',
  productKind: 'warehouseReceiptPledge',
  amount: 500_000,
  termMonths: 6,
  purpose: '采购备货',
  projectId: 4,
  projectCode: 'XM-20261101-00004',
  projectName: '钢材采购',
  contractId: null,
  contractCode: null,
  status: 'draft',
  createTime: '2026-11-28T00:00:00Z',
  updateTime: '2026-11-28T00:00:00Z',
  version: 1,
  product: product(),
  documents: [],
  processInstanceId: null,
  riskDeliveries: [],
  riskServiceConfigured: true,
  ...over,
});

const DOC_TYPES = [
  { dictKey: 'MLZZHFWPT_DOCTYPE_CD', dictValueName: '仓单' },
  { dictKey: 'MLZZHFWPT_DOCTYPE_ZJBG', dictValueName: '质检报告' },
];

describe('signing form', () => {
  it('holds the application to the product before saving, then saves the picked project', async () => {
    let saved: SigningDetail | undefined;
    const { api, user } = openScreen('/products/signing/add?productId=3', {
      [PRODUCT_PATHS.products]: { GET: () => page([product()]) },
      [SESSION_PATHS.dictByGroup]: ({ query }) => (query.dictGroupName === DOCUMENT_TYPE_GROUP ? DOC_TYPES : []),
      [PICKER_API_PATHS.availableProjects]: ({ query }) => ({
        content: [
          {
            id: 4,
            projectCode: 'XM-20261101-00004',
            projectName: '钢材采购',
            enterpriseName: '买方',
            supplierName: '卖方',
            projectTakeEffectTime: null,
            type: 1,
          },
        ],
        totalElements: 1,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      }),
      [PRODUCT_PATHS.signings]: { POST: ({ body }) => (saved = signing({ amount: body.amount, termMonths: body.termMonths })) },
      [PRODUCT_PATHS.signing]: () => saved!,
    });

    // The product comes preselected from the link, with its terms and required documents.
    expect(await screen.findByText('仓单质押 · 年利率 5.20% – 7.80% · 期限 3–12 个月 · 额度 1,000,000.00 元')).toBeInTheDocument();
    const required = screen.getByLabelText('必需单据：');
    expect(within(required).getByText('仓单')).toBeInTheDocument();
    expect(within(required).getByText('质检报告')).toBeInTheDocument();

    await fill(user, screen.getByRole('spinbutton', { name: '申请金额（元）' }), '1000000.01');
    await fill(user, screen.getByRole('spinbutton', { name: '申请期限（月）' }), '13');
    await fill(user, screen.getByRole('textbox', { name: '融资用途' }), '采购备货');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(PRODUCT_MESSAGES.amountOverLimit('1,000,000.00'))).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_MESSAGES.termOutOfRange(3, 12))).toBeInTheDocument();
    expect(await screen.findByText(PRODUCT_MESSAGES.projectOrContract)).toBeInTheDocument();
    expect(api.bodiesSentTo(PRODUCT_PATHS.signings)).toHaveLength(0);

    await fill(user, screen.getByRole('spinbutton', { name: '申请金额（元）' }), '500000');
    await fill(user, screen.getByRole('spinbutton', { name: '申请期限（月）' }), '6');
    await user.click(screen.getAllByRole('button', { name: /选\s*择/ })[0]!);
    const picker = await findDialogTitled('选择项目');
    await user.click(await within(picker).findByText('XM-20261101-00004'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.bodiesSentTo(PRODUCT_PATHS.signings)).toHaveLength(1));
    expect(api.bodiesSentTo(PRODUCT_PATHS.signings)[0]).toEqual({
      productId: 3,
      amount: 500_000,
      termMonths: 6,
      purpose: '采购备货',
      projectId: 4,
      contractId: null,
      documents: [],
    });
    expect(await screen.findByRole('heading', { name: '产品签约 QY-20261128-00021' })).toBeInTheDocument();
  });
});

describe('signing detail', () => {
  it('keeps a draft missing a required document from being submitted and says which', async () => {
    openScreen('/products/signing/detail?id=21', {
      [PRODUCT_PATHS.signing]: () =>
        signing({
          documents: [
            {
              id: 1,
              sourceId: 21,
              fileName: '仓单.pdf',
              fileTypeId: 'MLZZHFWPT_DOCTYPE_CD',
              fileTypeName: '仓单',
              filePath: '/api/files/1',
              endTime: null,
              fileQk: null,
            },
          ],
        }),
      [SESSION_PATHS.dictByGroup]: () => DOC_TYPES,
    });
    expect(await screen.findByText('提交前请上传必需的单据：质检报告')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /提交审批/ })).toBeDisabled();
  });

  it('says when the risk service is not configured and offers the retry of a failed delivery to the admin only', async () => {
    const failed = signing({
      status: 'approved',
      riskServiceConfigured: false,
      riskDeliveries: [
        {
          idempotencyKey: 'product-sign-21-7',
          status: 'failed',
          attempts: 10,
          nextAttemptAt: null,
          lastError: 'HTTP 503: down',
          deliveredAt: null,
          result: 'approved',
          createTime: '2026-11-28T01:00:00Z',
        },
      ],
    });
    openScreen('/products/signing/detail?id=21', { [PRODUCT_PATHS.signing]: () => failed }, { roles: ['staff'] });
    expect(await screen.findByText(/风控服务未配置/)).toBeInTheDocument();
    expect(screen.getByText('发送失败')).toBeInTheDocument();
    expect(screen.getByText('HTTP 503: down')).toBeInTheDocument();
    expect(screen.getByText('product-sign-21-7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重新发送/ })).not.toBeInTheDocument();
  });

  it('lets the admin retry a failed delivery', async () => {
    const failed = signing({
      status: 'approved',
      riskDeliveries: [
        {
          idempotencyKey: 'product-sign-21-7',
          status: 'failed',
          attempts: 10,
          nextAttemptAt: null,
          lastError: 'timeout after 5000 ms',
          deliveredAt: null,
          result: 'approved',
          createTime: '2026-11-28T01:00:00Z',
        },
      ],
    });
    const { api, user } = openScreen(
      '/products/signing/detail?id=21',
      {
        [PRODUCT_PATHS.signing]: () => failed,
        [PRODUCT_PATHS.retryDelivery]: () => ({
          ...failed,
          riskDeliveries: [
            { ...failed.riskDeliveries[0]!, status: 'pending' as const, attempts: 0, nextAttemptAt: '2026-11-28T02:00:00Z' },
          ],
        }),
      },
      { roles: ['admin'] },
    );
    await user.click(await screen.findByRole('button', { name: /重新发送/ }));
    await waitFor(() => expect(api.callsTo(PRODUCT_PATHS.retryDelivery, 'POST')).toHaveLength(1));
    expect(await screen.findByText('待发送')).toBeInTheDocument();
  });
});
