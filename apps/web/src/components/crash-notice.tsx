// What a page shows when it has crashed (a render error, or a route whose code failed to load): a title, a
// description and one action. Ant Design's Result draws it; Result carries the 403/404/500 illustrations, so it is
// loaded when a crash happens rather than with the shell. Until it is in — or if it cannot load, as when the network
// that failed the page fails it too — the same words and action show without the picture.
import { Flex } from 'antd';
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export type CrashNoticeProps = { title: ReactNode; description: string; action: ReactNode };

/** A Result's words and actions without its picture (also LazyResult's, while antd's Result loads). */
export function PlainNotice({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <Flex vertical align="center" gap={12} className="crash-notice">
      <div className="crash-notice__title">{title}</div>
      {description ? <div className="crash-notice__description">{description}</div> : null}
      {action}
    </Flex>
  );
}

/** Shows `fallback` while its lazily loaded child loads, and for good if it throws (its code failed to load). */
export class UnlessLoadFails extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}

/** The notice, drawing its Result with what `loadResult` gives (the tests hand it a load that fails). */
export function crashNoticeWith(loadResult: () => Promise<ComponentType<CrashNoticeProps>>): ComponentType<CrashNoticeProps> {
  const Result = lazy(() => loadResult().then((component) => ({ default: component })));
  return function CrashNotice(props: CrashNoticeProps) {
    const plain = <PlainNotice {...props} />;
    return (
      <UnlessLoadFails fallback={plain}>
        <Result {...props} />
      </UnlessLoadFails>
    );
  };
}

export const CrashNotice = crashNoticeWith(() => import('./status-results').then((m) => m.CrashedResult));
