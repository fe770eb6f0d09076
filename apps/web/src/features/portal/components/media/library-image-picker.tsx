// The rich-text editor's "choose from the library": the site's media picker, images only, as a promise the editor
// awaits. The chosen file goes into the body as its widest WebP variant (the original when it has none) with its
// alt text; the server counts the body's library images as uses of their files.
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import type { MediaSummary, PortalSite } from '@tfb/contract';
import type { PickedImage } from '../../../../components/widgets/rich-text-editor';
import { MediaPickerDialog } from './media-picker-dialog';

/** What a body image of `file` holds: the widest variant's URL (variants are narrowest first), else the original. */
export const libraryImage = (file: MediaSummary): PickedImage => ({ src: file.variants.at(-1)?.url ?? file.url, alt: file.alt });

/** `pickImage` for RichTextEditor, and the picker dialog to render beside it. */
export function useLibraryImagePicker(site: PortalSite): { pickImage: () => Promise<PickedImage | null>; dialog: ReactElement } {
  const [open, setOpen] = useState(false);
  const pending = useRef<((image: PickedImage | null) => void) | null>(null);
  const settle = useCallback((image: PickedImage | null) => {
    pending.current?.(image);
    pending.current = null;
    setOpen(false);
  }, []);
  const pickImage = useCallback(
    () =>
      new Promise<PickedImage | null>((resolve) => {
        // A second request while one is open ends the first as cancelled.
        pending.current?.(null);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );
  // A form closed with the picker open leaves nobody waiting.
  useEffect(() => () => pending.current?.(null), []);
  const dialog = (
    <MediaPickerDialog site={site} kind="image" open={open} onCancel={() => settle(null)} onSelect={(file) => settle(libraryImage(file))} />
  );
  return { pickImage, dialog };
}
