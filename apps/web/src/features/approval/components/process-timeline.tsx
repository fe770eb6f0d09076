// The process history timeline (spec 2.3 item 8, 4 Timeline): the first 2 entries, a 'more' / 'hide' toggle for
// the rest, and the last entry highlighted as the current one.
import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROCESS_MESSAGES, TIMELINE_COLLAPSED_ENTRIES, type ProcessHistoryEntry } from '@tfb/contract';
import { useTaskHistory } from '../api/get-task-history';
import './approval.css';

const formatTime = (s: string | null) => (s && dayjs(s).isValid() ? dayjs(s).format('YYYY-MM-DD HH:mm') : s);

function messageColor(message: string): string {
  if (message === PROCESS_MESSAGES.approved) return 'success';
  if (message === PROCESS_MESSAGES.rejected) return 'error';
  if (message === PROCESS_MESSAGES.waiting) return 'processing';
  if (message === PROCESS_MESSAGES.finished) return 'default';
  return 'blue';
}

function EntryContent({ entry, current }: { entry: ProcessHistoryEntry; current: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={`process-entry${current ? ' process-entry--current' : ''}`}
      data-testid="timeline-entry"
      aria-current={current ? 'step' : undefined}
    >
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong className="process-entry__task">
          {entry.taskName}
        </Typography.Text>
        {entry.message && (
          <Tag color={messageColor(entry.message)} variant="filled">
            {entry.message}
          </Tag>
        )}
        {current && (
          <Tag color="blue" className="process-entry__current-tag">
            {t('supervision.approval.current')}
          </Tag>
        )}
      </Flex>
      <Typography.Text type="secondary" className="process-entry__meta">
        {entry.userNameNow || entry.userNameStart} · {formatTime(entry.startTime)}
        {entry.endTime ? ` → ${formatTime(entry.endTime)}` : ` · ${t('supervision.approval.inProgress')}`}
      </Typography.Text>
      {entry.comments && <div className="process-entry__comment">{entry.comments}</div>}
    </div>
  );
}

function dotOf(entry: ProcessHistoryEntry, current: boolean) {
  if (entry.message === PROCESS_MESSAGES.rejected) return { color: 'red', icon: <CloseCircleFilled /> };
  if (current && entry.endTime === null) return { color: 'blue', icon: <ClockCircleFilled /> };
  if (current) return { color: 'blue', icon: <CheckCircleFilled /> };
  return { color: 'green' };
}

/** The timeline of a history already at hand. */
export function ProcessTimelineView({ entries }: { entries: readonly ProcessHistoryEntry[] }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supervision.approval.noHistory')} />;
  const lastIndex = entries.length - 1;
  const collapsible = entries.length > TIMELINE_COLLAPSED_ENTRIES;
  const shown = expanded || !collapsible ? entries : entries.slice(0, TIMELINE_COLLAPSED_ENTRIES);
  const currentEntry = entries[lastIndex]!;
  return (
    <div className="process-timeline">
      <Timeline
        items={shown.map((entry, i) => {
          const current = i === lastIndex;
          return {
            key: `${entry.taskId}-${i}`,
            ...dotOf(entry, current),
            className: current ? 'process-timeline__item--current' : undefined,
            content: <EntryContent entry={entry} current={current} />,
          };
        })}
      />
      {collapsible && (
        <Flex align="center" gap={8} className="process-timeline__toggle">
          <Button
            type="link"
            size="small"
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
          >
            {expanded
              ? t('supervision.approval.hide')
              : t('supervision.approval.more', { count: entries.length - TIMELINE_COLLAPSED_ENTRIES })}
          </Button>
          {!expanded && (
            <Typography.Text type="secondary" className="process-timeline__current-hint">
              {t('supervision.approval.currentStep', { task: currentEntry.taskName })}
            </Typography.Text>
          )}
        </Flex>
      )}
    </div>
  );
}

/** The timeline of one process, loaded from taskHistory. */
export function ProcessTimeline({ processInstanceId }: { processInstanceId: number }) {
  const { t } = useTranslation();
  const history = useTaskHistory(processInstanceId);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (history.isError)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={history.error.message || t('supervision.common.loadFailed')} />;
  return <ProcessTimelineView key={processInstanceId} entries={history.data.historyList} />;
}
