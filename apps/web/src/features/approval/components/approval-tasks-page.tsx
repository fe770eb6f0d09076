// The approvers' task lists (/contracts/approval, /funds/approval, /projects/approval): the open steps of the
// enterprise's contract / loan-application / project processes the caller may complete; a task opens its history and the approve / reject form
// (or the reason the server would refuse, should the task have changed since the list loaded).
import { AuditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Divider, Flex, Modal, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProcessBusinessType, type TodoTask } from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { FIRST_PAGE, tablePagination, type PageState } from '../../../components/widgets/paging';
import { tableLoading } from '../../../components/widgets/table-loading';
import { formatRelativeTime, useNow } from '../../../lib/relative-time';
import { useTodoList } from '../api/get-todo-list';
import { useTaskHistory } from '../api/get-task-history';
import { ApprovalStep } from './approval-step';
import { ProcessTimeline } from './process-timeline';
import { IconCard } from '../../../components/business/icon-card';
import './approval.css';

/** The document kinds the task lists show, with their tag colours: contracts and loan applications with the
 * warehouse documents approved beside them (P28), and projects. */
const TYPE_COLORS = { contract: 'blue', inStorageNotice: 'blue', loan: 'orange', deliveryApplication: 'orange', project: 'green' } as const;
type TypeKey = keyof typeof TYPE_COLORS;
/** The label key of a task's business type. */
const typeKey = (type: string): TypeKey => (Object.hasOwn(TYPE_COLORS, type) ? (type as TypeKey) : 'contract');

function TaskDialog({ task, onClose }: { task: TodoTask | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useTaskHistory(task?.processInstanceId);
  return (
    <Modal
      open={task !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      title={t('supervision.approval.taskTitle', { code: task?.businessCode ?? '' })}
    >
      {task && (
        <Flex vertical gap={8}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'code', label: t('supervision.approval.businessCode'), children: task.businessCode },
              {
                key: 'type',
                label: t('supervision.approval.businessType'),
                children: t(`supervision.approval.type.${typeKey(task.businessType)}`),
              },
              { key: 'task', label: t('supervision.approval.taskName'), children: task.taskName },
              { key: 'by', label: t('supervision.approval.startedBy'), children: task.startedBy },
            ]}
          />
          <Divider titlePlacement="start" plain>
            {t('supervision.approval.history')}
          </Divider>
          <ProcessTimeline processInstanceId={task.processInstanceId} />
          {history.data?.processInstanceId === task.processInstanceId && <ApprovalStep history={history.data} onDone={onClose} />}
        </Flex>
      )}
    </Modal>
  );
}

function ApprovalTasksPage({ businessTypes, titleKey }: { businessTypes: readonly ProcessBusinessType[]; titleKey: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [task, setTask] = useState<TodoTask | null>(null);
  const todo = useTodoList({ ...paging, businessType: businessTypes.join(',') });
  const columns: TableColumnsType<TodoTask> = [
    {
      key: 'code',
      title: t('supervision.approval.businessCode'),
      render: (_, r) => (
        <Flex align="center" gap={8}>
          <Tag color={TYPE_COLORS[typeKey(r.businessType)]} variant="filled">
            {t(`supervision.approval.type.${typeKey(r.businessType)}`)}
          </Tag>
          <Typography.Text strong>{r.businessCode}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'task', title: t('supervision.approval.taskName'), render: (_, r) => <Tag color="processing">{r.taskName}</Tag>, width: 160 },
    { key: 'by', title: t('supervision.approval.startedBy'), dataIndex: 'startedBy', width: 140 },
    {
      key: 'time',
      title: t('supervision.approval.arrivedAt'),
      width: 180,
      render: (_, r) => (
        <Tooltip title={dayjs(r.startTime).format('YYYY-MM-DD HH:mm')}>
          <span>{formatRelativeTime(r.startTime, { now })}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: t('supervision.common.actions'),
      width: 120,
      render: (_, r) => (
        <Button type="primary" size="small" icon={<AuditOutlined />} onClick={() => setTask(r)}>
          {t('supervision.approval.handle')}
        </Button>
      ),
    },
  ];
  return (
    <IconCard
      className="page-card"
      icon={<AuditOutlined className="approval-panel__icon" />}
      title={<PageTitle>{t(titleKey)}</PageTitle>}
      extra={
        <Typography.Text type="secondary">
          {t('supervision.approval.pendingCount', { count: todo.data?.totalElements ?? 0 })}
        </Typography.Text>
      }
    >
      <Table<TodoTask>
        rowKey="taskId"
        columns={columns}
        dataSource={todo.data?.content ?? []}
        {...tableLoading(todo.isFetching, todo.data?.content.length ?? 0, t('supervision.approval.noTasks'))}
        pagination={tablePagination(t, paging, todo.data, setPaging, 'supervision.common.totalItems')}
      />
      <TaskDialog task={task} onClose={() => setTask(null)} />
    </IconCard>
  );
}

export function ContractApprovalPage() {
  // In-storage notices (P28) are approved with the contracts.
  return <ApprovalTasksPage businessTypes={['contract', 'inStorageNotice']} titleKey="supervision.approval.contractTasks" />;
}

export function LoanApprovalPage() {
  // Delivery applications (P28) are approved with the loan applications.
  return <ApprovalTasksPage businessTypes={['loan', 'deliveryApplication']} titleKey="supervision.approval.loanTasks" />;
}

export function ProjectApprovalPage() {
  return <ApprovalTasksPage businessTypes={['project']} titleKey="supervision.approval.projectTasks" />;
}
