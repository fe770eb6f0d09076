// The error-log drawer: every unhandled UI error with its time, message and stack (opened from the header's button).
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Collapse, Drawer, Empty, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, useErrorLog } from '../../lib/error-log';

export function ErrorLogPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useErrorLog();
  return (
    <Drawer
      title={t('errorLog.title')}
      open={open}
      onClose={onClose}
      size={560}
      extra={
        <Button icon={<DeleteOutlined />} onClick={clearErrorLog} disabled={entries.length === 0}>
          {t('errorLog.clear')}
        </Button>
      }
    >
      {entries.length === 0 ? (
        <Empty description={t('errorLog.empty')} />
      ) : (
        <ul className="plain-list error-log" aria-label={t('errorLog.title')}>
          {entries.map((e) => (
            <li key={e.id} className="plain-list__item">
              <Flex vertical gap={6}>
                <Flex gap={8} align="center" wrap>
                  <Tag color="red">{t(`errorLog.source.${e.source}`)}</Tag>
                  <Typography.Text type="secondary">{dayjs(e.time).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
                  {e.url && (
                    <Typography.Text type="secondary" code>
                      {e.url}
                    </Typography.Text>
                  )}
                </Flex>
                <Typography.Text strong className="error-log__message">
                  {e.message}
                </Typography.Text>
                {e.stack && (
                  <Collapse
                    size="small"
                    ghost
                    items={[{ key: 'stack', label: t('errorLog.stack'), children: <pre className="error-log__stack">{e.stack}</pre> }]}
                  />
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
