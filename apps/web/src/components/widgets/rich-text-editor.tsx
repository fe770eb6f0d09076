// The rich-text field of the portal content: a Tiptap editor whose value is the contract's RichTextDocument.
// The editor and ProseMirror load on first use (React.lazy), so no page without a rich-text field pays for them.
import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';
import type { RichTextDocument } from '@tfb/contract';

export type RichTextEditorProps = {
  value?: RichTextDocument;
  onChange?: (doc: RichTextDocument) => void;
  disabled?: boolean;
  id?: string;
  /** The accessible name of the editing area (the field's label). */
  'aria-label'?: string;
};

const Editor = lazy(() => import('./rich-text-editor-body').then((m) => ({ default: m.RichTextEditorBody })));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
