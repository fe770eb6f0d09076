// The rich-text field of the portal content: a Tiptap editor whose value is the contract's RichTextDocument.
// The editor and ProseMirror load on first use (React.lazy), so no page without a rich-text field pays for them.
import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';
import type { RichTextDocument } from '@tfb/contract';

/** An image chosen outside the editor (a media library): its address and alt text. */
export type PickedImage = { src: string; alt: string };

export type RichTextEditorProps = {
  value?: RichTextDocument;
  onChange?: (doc: RichTextDocument) => void;
  disabled?: boolean;
  id?: string;
  /** The accessible name of the editing area (the field's label). */
  'aria-label'?: string;
  /**
   * Offers "choose from the library" in the image dialog: opens the caller's picker and resolves with the chosen
   * image (null when cancelled). The typed-address path stays for https images.
   */
  pickImage?: () => Promise<PickedImage | null>;
};

const Editor = lazy(() => import('./rich-text-editor-body').then((m) => ({ default: m.RichTextEditorBody })));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
