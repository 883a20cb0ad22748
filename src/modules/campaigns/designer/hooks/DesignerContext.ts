import { createContext, useContext } from 'react';
import type { DesignArticle } from '../../../../../domain/publishAnswers.ts';
import type { DesignerDispatcher } from '../../../../engine/design/actions/DesignerAction.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';

/** What every part of the designer shares: the draft, the edition's articles, selection and announcements. */
export type DesignerShared = {
  draft: DesignDraft;
  /** The designer's actions (one registry: toolbars, block toolbars, palette, keyboard). */
  dispatcher: DesignerDispatcher;
  versionId: number;
  articles: DesignArticle[];
  selectedId: string | null;
  select: (id: string | null) => void;
  /** The block the missing-link error names (highlighted on the canvas). */
  faultBlockId: string | null;
  /** Says something to screen readers (a polite live region). */
  announce: (text: string) => void;
};

export const DesignerContext = createContext<DesignerShared | null>(null);

export function useDesigner(): DesignerShared {
  const shared = useContext(DesignerContext);
  if (!shared) throw new Error('useDesigner outside the designer');
  return shared;
}
