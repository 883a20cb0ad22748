import { useCallback, useMemo, useRef, useState } from 'react';
import type {
  DesignerActionHost,
  DesignerDispatcher,
} from '../../../../engine/design/actions/DesignerAction.ts';
import { createDesignerDispatcher } from '../../../../engine/design/actions/designerActionRegistry.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { useToast } from '../../../../ui/useToast.ts';

export type DesignerActions = {
  /** The registry's actions (toolbar, block toolbars, palette, keyboard) over this draft. */
  dispatcher: DesignerDispatcher;
  selectedId: string | null;
  select: (id: string | null) => void;
  /** What the live region says now. */
  announcement: string;
  announce: (text: string) => void;
};

/**
 * The designer's actions over one draft: the toolbar, each block's toolbar, the palette and the keyboard
 * run the designer's action registry (src/engine/design/actions) through one dispatcher, whose host this
 * hook provides: selection, announcements, the removed-block toast with Undo (through the registry's
 * Undo), focus that follows a moved block, and bringing an added block into view (`onAdded`: a phone's
 * sheet closes).
 */
export function useDesignerActions(draft: DesignDraft, onAdded: () => void): DesignerActions {
  const toast = useToast();
  const [selectedId, select] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const onAddedRef = useRef(onAdded);
  onAddedRef.current = onAdded;
  const announce = useCallback((text: string) => {
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(text));
  }, []);
  const dispatcher = useMemo(() => {
    const blockElement = (id: string) => document.getElementById(`block-${id}`);
    const host: DesignerActionHost = {
      draft,
      selectedId: () => selectedRef.current,
      select,
      announce,
      added: (id) => {
        onAddedRef.current();
        requestAnimationFrame(() => blockElement(id)?.scrollIntoView?.({ block: 'nearest' }));
      },
      moved: (id) => requestAnimationFrame(() => blockElement(id)?.focus()),
      removed: (label) =>
        toast.show({
          tone: 'info',
          message: `${label} removed.`,
          action: { label: 'Undo', onAction: () => created.perform('undo') },
        }),
    };
    const created = createDesignerDispatcher(host);
    return created;
  }, [draft, announce, toast]);
  return { dispatcher, selectedId, select, announcement, announce };
}
