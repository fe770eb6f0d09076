// The risk view (/risk/companies) and the company risk-warning dialog: the types with their counts, the records of
// the type chosen (asked with the type and the company searched, in that type's columns), and the dialog of one
// warning with every record behind it; the warning messages page (/risk/warnings) opens the same dialog.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_PATHS, RISK_PATHS } from '@tfb/contract';
import { courtAnnouncement, enforcement, page, warningMessage } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { findDialogTitled, rowOf, setupUser } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { openScreen } from '../../../test/screen';
import { signIn } from '../../../test/sign-in';

const summary = [
  { riskType: 23, title: '法院公告', count: 2, latestWarnDate: '2026-11-03' },
  { riskType: 24, title: '被执行人', count: 1, latestWarnDate: '2026-11-04' },
];
const records = [courtAnnouncement(1), courtAnnouncement(2, { companyName: '宝山钢铁股份有限公司' }), enforcement(3)];

/** The warning of the first court announcement: both of its records. */
const warningInfo = {
  warnDate: '2026-11-03',
  warnRule: '企业新增法院公告',
  riskType: 23,
  title: '法院公告',
  warnList: [courtAnnouncement(1), courtAnnouncement(4, { caseNumber: '(2026)沪0113民初88号' })],
};

describe('risk view', () => {
  it('counts the records by type, lists the chosen type’s records in its columns, and searches by company', async () => {
    const { api, user } = openScreen('/risk/companies', {
      [RISK_PATHS.summary]: () => summary,
      [RISK_PATHS.page]: ({ query }) =>
        page(
          records.filter(
            (r) => (!query.riskType || r.riskType === query.riskType) && (!query.blurry || r.companyName.includes(query.blurry)),
          ),
        ),
    });

    const types = await screen.findByRole('list', { name: '风险类型' });
    expect(within(types).getByRole('button', { name: /全部风险/ })).toHaveTextContent('3');
    expect(within(types).getByRole('button', { name: /法院公告/ })).toHaveTextContent('2');
    expect(within(types).getByRole('button', { name: /被执行人/ })).toHaveTextContent('1');
    expect(within(rowOf(await screen.findByText('宝山钢铁股份有限公司'))).getByText('法院公告')).toBeInTheDocument();
    expect(within(rowOf('江苏沙钢集团')).getByText('被执行人')).toBeInTheDocument();
    expect(api.lastQuery(RISK_PATHS.page)).toEqual({ pageNumber: '0', pageSize: '10' });

    await user.click(within(types).getByRole('button', { name: /被执行人/ }));
    expect(within(types).getByRole('button', { name: /被执行人/ })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByText('北方能源供应链有限公司')).not.toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: '执行法院' })).toBeInTheDocument();
    expect(within(rowOf('(2026)苏0582执3号')).getByText('张家港市人民法院')).toBeInTheDocument();
    expect(api.lastQuery(RISK_PATHS.page)).toEqual({ pageNumber: '0', pageSize: '10', riskType: '24' });

    await user.click(within(types).getByRole('button', { name: /全部风险/ }));
    await user.type(screen.getByPlaceholderText('按企业名称搜索'), '沙钢{Enter}');
    await waitFor(() => expect(api.lastQuery(RISK_PATHS.page)).toEqual({ pageNumber: '0', pageSize: '10', blurry: '沙钢' }));
    await waitFor(() => expect(screen.queryByText('北方能源供应链有限公司')).not.toBeInTheDocument());
  });

  it('opens the warning of a record with every record behind it, in its type’s table', async () => {
    const { api, user } = openScreen('/risk/companies', {
      [RISK_PATHS.summary]: () => summary,
      [RISK_PATHS.page]: () => page([courtAnnouncement(1)]),
      [ALERT_PATHS.info]: () => warningInfo,
    });

    await user.click(within(rowOf(await screen.findByText('北方能源供应链有限公司'))).getByRole('button', { name: /详\s*情/ }));
    const dialog = await findDialogTitled('法院公告 · 北方能源供应链有限公司');
    const table = await within(dialog).findByRole('table', { name: '法院公告' });
    expect(within(table).getByText('(2026)沪0113民初1号')).toBeInTheDocument();
    expect(within(table).getByText('(2026)沪0113民初88号')).toBeInTheDocument();
    expect(within(dialog).getByText('企业新增法院公告')).toBeInTheDocument();
    expect(api.lastQuery(ALERT_PATHS.info)).toEqual({
      warnDate: '2026-11-03',
      warnRule: '企业新增法院公告',
      companyName: '北方能源供应链有限公司',
    });
  });
});

describe('warning messages with the company risk-warning dialog', () => {
  it('opens a message’s warning in the risk dialog, and says so when no record is behind it', async () => {
    signIn();
    mockApi({
      [ALERT_PATHS.messages]: () => ({
        content: [
          warningMessage(3, { warn_rule: '企业新增法院公告', warnDate: '2026-11-03', isRead: true }),
          warningMessage(2, { isRead: true }),
        ],
        totalElements: 2,
        pageNum: 0,
        pageSize: 5,
        unreadCount: 0,
      }),
      [ALERT_PATHS.info]: ({ query }) =>
        query.warnRule === '企业新增法院公告'
          ? warningInfo
          : { warnDate: query.warnDate, warnRule: query.warnRule, riskType: null, title: null, warnList: [] },
    });
    const user = setupUser();
    renderRoute('/risk/warnings');

    await user.click(await screen.findByRole('button', { name: /^查看预警：.*企业新增法院公告(?! 2)/ }));
    const dialog = await findDialogTitled('法院公告 · 北方能源供应链有限公司');
    expect(await within(dialog).findByText('(2026)沪0113民初88号')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /close|关闭/i }));

    await user.click(screen.getByRole('button', { name: /^查看预警：.*企业新增法院公告 2/ }));
    const empty = await findDialogTitled('企业风险预警 · 北方能源供应链有限公司');
    expect(await within(empty).findByText('没有找到相关风险记录')).toBeInTheDocument();
  });
});
