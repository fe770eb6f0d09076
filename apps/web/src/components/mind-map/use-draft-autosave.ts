// The autosave of a tree editor: every few seconds while the tree holds edits the last draft does not, the tree is
// saved as the server-side draft (so leaving without saving rarely loses anything).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How often the draft is saved while the tree holds unsaved edits. */
export const DRAFT_AUTOSAVE_MS = 3000;

type Options<N> = {
  dirty: boolean;
  nodes: N[];
  baseVersion: number;
  /** The tree as last saved (what the draft starts from, and falls back to when an autosave fails). */
  saved: N[];
  /** Saves the draft; answers when the server saved it. */
  saveDraft: (baseVersion: number, nodes: N[]) => Promise<string | null>;
};

export function useDraftAutosave<N>({ dirty, nodes, baseVersion, saved, saveDraft }: Options<N>) {
  const [draftSavedAt, setDraftSavedAt] = useState<string | null>(null);
  const drafted = useRef<N[]>(saved);
  const latest = useRef({ nodes, baseVersion, saveDraft });
  useLayoutEffect(() => {
    latest.current = { nodes, baseVersion, saveDraft };
  });
  useEffect(() => {
    if (!dirty) return;
    const timer = setInterval(() => {
      const { nodes: now, baseVersion: version, saveDraft: save } = latest.current;
      if (now === drafted.current) return;
      drafted.current = now;
      save(version, now)
        .then(setDraftSavedAt)
        // A failed autosave is tried again with the next edit; the tree itself is still in the page.
        .catch(() => (drafted.current = saved));
    }, DRAFT_AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [dirty, saved]);
  return {
    draftSavedAt,
    /** After a real save: the saved tree is the new starting point and the server dropped the draft. */
    markSaved: (fresh: N[]) => {
      drafted.current = fresh;
      setDraftSavedAt(null);
    },
  };
}
