import type { DesignBlock, DesignBlockKind } from '../../../../domain/emailDesign.ts';
import type { ActionDispatcher } from '../../actions/createActionDispatcher.ts';
import { type EditorAction, type KeyPress, withoutModifier } from '../../actions/EditorAction.ts';
import { BLOCK_LABELS } from '../blockDefaults.ts';
import type { DesignDraft } from '../DesignDraft.ts';

/**
 * The email designer's actions (actions/EditorAction.ts), reachable from the toolbar (Undo, Redo), a
 * block's toolbar (Up, Down, Duplicate, Remove), the palette (Add ...) and the keyboard through one
 * dispatcher over designerActionRegistry.
 */

/** The block an action acts on: the block whose toolbar or key it was, or the selected block. */
export type DesignerTarget = { blockId: string | null };

/** Where an action is offered besides the keyboard. */
export type DesignerSurface = 'toolbar' | 'block' | 'palette';

export type DesignerActionId =
  | 'undo'
  | 'redo'
  | 'move-up'
  | 'move-down'
  | 'duplicate'
  | 'remove'
  | `add-${DesignBlockKind}`;

/** What the designer screen does for the actions: selection, announcements, toasts, focus. */
export type DesignerActionHost = {
  draft: DesignDraft;
  /** The selected block (the toolbar's, the palette's and the keyboard's target). */
  selectedId(): string | null;
  select(id: string | null): void;
  /** Says something to screen readers (a polite live region). */
  announce(text: string): void;
  /** A block was added from the palette: bring it into view (a phone's sheet closes). */
  added(id: string): void;
  /** A block moved: its focus follows it. */
  moved(id: string): void;
  /** A block was removed: say so, with Undo. */
  removed(label: string): void;
};

export type DesignerAction = EditorAction<
  DesignerActionHost,
  DesignerTarget,
  DesignerActionId,
  DesignerSurface
>;

export type DesignerDispatcher = ActionDispatcher<
  DesignerActionHost,
  DesignerTarget,
  DesignerActionId,
  DesignerSurface
>;

/** The target's block, when it is one of the design's. */
export function blockOf(host: DesignerActionHost, target: DesignerTarget): DesignBlock | null {
  return target.blockId === null ? null : host.draft.getBlock(target.blockId);
}

/** The target block's kind, as people name it ("Button"), or "Block". */
export function blockLabel(host: DesignerActionHost, target: DesignerTarget): string {
  const block = blockOf(host, target);
  return block ? BLOCK_LABELS[block.kind] : 'Block';
}

/** A key with no modifier that the block takes only when it has the focus itself (not its text). */
export function onBlockItself(press: KeyPress): boolean {
  return withoutModifier(press) && !press.fromInside;
}
