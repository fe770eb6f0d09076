// The parts every record list shares around its own columns: the number that opens the detail, the status, the
// view/edit actions (edit offered by the edit gate) and the create button (for holders of the write permission).
import { Button, Flex, Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../lib/use-can';
import { useMayEdit } from './edit-gate';
import type { RecordScreens } from './record-screens';
import { StatusTag } from './status-tag';

type Row = { id: number; status?: string };

/** A cell's value with a second, secondary line under it (a paper number, a contract type, a counterparty). */
export function TwoLineCell({ main, sub, ellipsis }: { main: ReactNode; sub: string | null | undefined; ellipsis?: boolean }) {
  if (!sub) return <>{main}</>;
  return (
    <Flex vertical gap={2}>
      {main}
      <Typography.Text type="secondary" className="biz-cell__sub" ellipsis={ellipsis}>
        {sub}
      </Typography.Text>
    </Flex>
  );
}

export type CodeColumnOptions<R> = {
  title: string;
  code: (row: R) => string;
  /** A second line under the number (e.g. the paper contract number), or null. */
  sub?: (row: R) => string | null;
  width?: number;
};

export function useRecordList<R extends Row>(screens: RecordScreens) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan(screens.write);
  const mayEdit = useMayEdit(screens);
  const { paths } = screens;

  const codeColumn = ({ title, code, sub, width = 180 }: CodeColumnOptions<R>): TableColumnType<R> => ({
    title,
    key: 'code',
    width,
    fixed: 'left',
    render: (_, row) => (
      <TwoLineCell
        main={
          <Typography.Link className="biz-cell__code" onClick={() => navigate(paths.detail(row.id))}>
            {code(row)}
          </Typography.Link>
        }
        sub={sub?.(row)}
      />
    ),
  });

  const statusColumn = (): TableColumnType<R> => ({
    title: t('biz.common.status'),
    dataIndex: 'status',
    width: 90,
    render: (s: string) => <StatusTag status={s} />,
  });

  const actionsColumn = (width = 110): TableColumnType<R> => ({
    title: t('biz.common.actions'),
    key: 'actions',
    width,
    fixed: 'right',
    render: (_, row) => (
      <Flex gap={4}>
        <Button type="link" size="small" onClick={() => navigate(paths.detail(row.id))}>
          {t('biz.common.view')}
        </Button>
        {mayEdit(row.status) ? (
          <Button type="link" size="small" onClick={() => navigate(paths.edit(row.id))}>
            {t('biz.common.edit')}
          </Button>
        ) : null}
      </Flex>
    ),
  });

  return { codeColumn, statusColumn, actionsColumn, onCreate: canWrite ? () => navigate(paths.add) : undefined };
}
