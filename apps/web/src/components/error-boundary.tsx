// Catches render errors of one page: the error goes to the in-app error log and the page offers a retry.
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logError } from '../lib/error-log';
import { CrashNotice } from './crash-notice';

type Props = { children: ReactNode };
type State = { error: Error | null };

function CrashedResult({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <CrashNotice
      title={t('errors.pageCrashed')}
      description={t('errors.pageCrashedDesc')}
      action={
        <Button type="primary" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      }
    />
  );
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, 'boundary', info.componentStack ?? '');
  }

  private readonly retry = () => this.setState({ error: null });

  override render(): ReactNode {
    if (this.state.error) return <CrashedResult onRetry={this.retry} />;
    return this.props.children;
  }
}
