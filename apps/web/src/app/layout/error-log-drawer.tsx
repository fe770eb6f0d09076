// The header's error-log button and its drawer (error-log-panel): every unhandled UI error with its time, message and stack.
import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../lib/error-log';

// The drawer's code loads the first time it is opened.
const ErrorLogPanel = lazy(() => import('./error-log-panel').then((m) => ({ default: m.ErrorLogPanel })));

export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip title={t('header.errorLog')}>
        <Button
          type="text"
          className="header-action"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          aria-label={t('header.errorLog')}
        >
          <Badge count={entries.length} size="small" offset={[4, -2]}>
            <BugOutlined className="header-action__icon" />
          </Badge>
        </Button>
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <ErrorLogPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
