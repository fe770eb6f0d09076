// The warning messages (spec 2.3 item 10, 4): 5 per page (the only size), newest first; opening a message marks
// it read and shows what it warns about. The detail dialog is given by the app (the company risk-warning dialog
// of the risk feature), so this feature does not import another.
import { AlertOutlined, BellOutlined, RightOutlined } from '@ant-design/icons';
import { Badge, Empty, Flex, Modal, Pagination, Skeleton, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_PAGE_SIZE, ALERT_PATHS, type WarningMessage } from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { formatRelativeTime, useNow } from '../../../lib/relative-time';
import { useSessionUser } from '../../../lib/session';
import { useWarningMessages } from '../api/get-warning-messages';
import { useMarkMessageRead } from '../api/mark-message-read';
import { ExportButton } from '../../../components/business/export-button';
import { IconCard } from '../../../components/business/icon-card';
import { warningDetailProps, type WarningDetailDialogProps } from '../../../components/warning-detail';
import './warnings.css';

function PlainDetailDialog({ message, onClose }: { message: WarningMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={message !== null} onCancel={onClose} footer={null} title={message?.warn_rule} destroyOnHidden>
      {message && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            {message.companyName} · {dayjs(message.warn_gen_dt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
          <Typography.Paragraph>{message.content}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('supervision.warnings.markedRead')}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}

function MessageItem({ message, now, onOpen }: { message: WarningMessage; now: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`warning-item${message.isRead ? '' : ' warning-item--unread'}`}>
      {/* Named by what it does and all it shows: "查看预警：" read before the message's visible text. */}
      <button type="button" className="list-button warning-item__button" onClick={onOpen}>
        <span className="visually-hidden">{t('supervision.warnings.open')}</span>
        <span className="warning-item__icon" aria-hidden>
          <Badge dot={!message.isRead} offset={[-2, 2]}>
            <AlertOutlined />
          </Badge>
        </span>
        <Flex vertical gap={4} className="warning-item__main">
          <Flex align="center" gap={8} wrap>
            {message.riskTitle && (
              <Tag color="volcano" variant="filled">
                {message.riskType === null
                  ? message.riskTitle
                  : t(`supervision.risk.types.t${message.riskType}`, { defaultValue: message.riskTitle })}
              </Tag>
            )}
            <Typography.Text strong={!message.isRead} className="warning-item__rule">
              {message.warn_rule}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" ellipsis={{ tooltip: message.content }} className="warning-item__content">
            {message.content}
          </Typography.Text>
        </Flex>
        <Flex vertical align="end" gap={6} className="warning-item__side">
          <Tooltip title={dayjs(message.warn_gen_dt).format('YYYY-MM-DD HH:mm')}>
            <Typography.Text type="secondary" className="warning-item__time">
              {formatRelativeTime(message.warn_gen_dt, { now })}
            </Typography.Text>
          </Tooltip>
          <Tag color={message.isRead ? 'default' : 'error'} variant="filled" data-testid="read-state">
            {message.isRead ? t('supervision.warnings.read') : t('supervision.warnings.unread')}
          </Tag>
        </Flex>
        <RightOutlined className="warning-item__chevron" aria-hidden />
      </button>
    </li>
  );
}

export function WarningMessagesPage({ DetailDialog }: { DetailDialog?: ComponentType<WarningDetailDialogProps> }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const now = useNow();
  const [pageNum, setPageNum] = useState(0);
  const [opened, setOpened] = useState<WarningMessage | null>(null);
  const messages = useWarningMessages(user?.userId, pageNum);
  const markRead = useMarkMessageRead();
  const page = messages.data;

  const open = (m: WarningMessage) => {
    setOpened(m);
    if (!m.isRead) markRead.mutate(m.alertId);
  };

  return (
    <IconCard
      className="page-card warnings-page"
      icon={<BellOutlined className="warnings-page__icon" />}
      title={<PageTitle>{t('supervision.warnings.title')}</PageTitle>}
      extra={
        page ? (
          <Flex gap={8} align="center">
            <Tag color={page.unreadCount > 0 ? 'error' : 'default'} data-testid="unread-summary">
              {t('supervision.warnings.unreadCount', { count: page.unreadCount })}
            </Tag>
            <Typography.Text type="secondary">{t('supervision.common.totalItems', { count: page.totalElements })}</Typography.Text>
            <ExportButton
              list={ALERT_PATHS.messages}
              filter={user?.userId ? { userId: user.userId } : {}}
              sheet={t('supervision.warnings.title')}
            />
          </Flex>
        ) : null
      }
    >
      {messages.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !page || page.content.length === 0 ? (
        <Empty description={t('supervision.warnings.empty')} />
      ) : (
        <>
          <ul className="plain-list" aria-label={t('supervision.warnings.title')}>
            {page.content.map((m) => (
              <MessageItem key={m.id} message={m} now={now} onOpen={() => open(m)} />
            ))}
          </ul>
          <Flex justify="end" className="warning-list__pager">
            <Pagination
              current={pageNum + 1}
              pageSize={ALERT_PAGE_SIZE}
              pageSizeOptions={[String(ALERT_PAGE_SIZE)]}
              showSizeChanger={false}
              showQuickJumper
              total={page.totalElements}
              showTotal={(n) => t('supervision.common.totalItems', { count: n })}
              onChange={(p) => setPageNum(p - 1)}
            />
          </Flex>
        </>
      )}
      {DetailDialog ? (
        <DetailDialog
          {...warningDetailProps(opened && { warnDate: opened.warnDate, warnRule: opened.warn_rule, companyName: opened.companyName }, () =>
            setOpened(null),
          )}
        />
      ) : (
        <PlainDetailDialog message={opened} onClose={() => setOpened(null)} />
      )}
    </IconCard>
  );
}

/** The page with the app's detail dialog (the route table composes the two features). */
export function warningMessagesPageWith(DetailDialog: ComponentType<WarningDetailDialogProps>): ComponentType {
  return function WarningMessagesRoute() {
    return <WarningMessagesPage DetailDialog={DetailDialog} />;
  };
}
