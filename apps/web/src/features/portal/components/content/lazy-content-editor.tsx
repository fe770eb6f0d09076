// The content form loads with the first add or edit screen a user opens, not with the lists and detail pages: its
// widgets (date and tree pickers, the media library, the rich-text field) are the heaviest part of the content
// screens. Until it arrives the form's place shows a skeleton.
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ContentEditorProps } from './content-editor';

const Editor = lazy(() => import('./content-editor').then((m) => ({ default: m.ContentEditor })));

export function ContentEditor(props: ContentEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
