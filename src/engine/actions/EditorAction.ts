/**
 * One thing a user can do in an editor (the workflow builder, the email designer), reachable from its
 * menus, toolbars and the keyboard (as Excalidraw's actions are): an id, a label, which key presses ask
 * for it, whether it is enabled and what it does (an engine command over the draft). Actions are plain
 * values with no React or DOM, so one registry per editor feeds every surface through one dispatcher
 * (createActionDispatcher): an action has the same label, enabled rule and effect wherever it is reached.
 * Host: what the editor's screen does for its actions (its draft, selection, toasts); Target: what an
 * action acts on (a step, a block), given by the surface or, for toolbars and keys, the selection.
 */

/** The plain fields of a key press (a KeyboardEvent's), plus what the page knows about it. */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
  /** Text is selected on the page (the browser's copy should win). */
  textSelected?: boolean;
  /** The key went to something inside the target (its text, its toolbar), not to the target itself. */
  fromInside?: boolean;
};

export type EditorAction<Host, Target, Id extends string = string, Surface extends string = string> = {
  id: Id;
  /** What a surface shows. */
  label: string | ((host: Host, target: Target) => string);
  /** The accessible name when the label alone does not say what it acts on ("Move Button up"). */
  ariaLabel?: (host: Host, target: Target) => string;
  /** Surfaces that list the action (the keyboard reaches every action that has a keyTest). */
  surfaces: readonly Surface[];
  /** The key presses that ask for the action. */
  keyTest?: (press: KeyPress) => boolean;
  /** Shortcuts for people, "Mod" standing for Ctrl or Cmd: ["Shift+Mod+Z", "Mod+Y"]. */
  shortcuts?: readonly string[];
  /** A matching key press still does the browser's default (copy leaves the system copy alone). */
  keepsDefault?: boolean;
  tone?: 'default' | 'danger';
  isEnabled(host: Host, target: Target): boolean;
  perform(host: Host, target: Target): void;
};

/** A key press from a keyboard event's fields (any object that has them), with what the page adds. */
export function keyPressOf(
  event: Pick<KeyPress, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'> & { altKey: boolean },
  page: Pick<KeyPress, 'textSelected' | 'fromInside'> = {},
): KeyPress {
  const { key, ctrlKey, metaKey, shiftKey, altKey } = event;
  return { key, ctrlKey, metaKey, shiftKey, altKey, ...page };
}

/** Ctrl or Cmd held, Alt not. */
export function withModifier(press: KeyPress): boolean {
  return (press.ctrlKey || press.metaKey) && !press.altKey;
}

/** No Ctrl, Cmd or Alt held. */
export function withoutModifier(press: KeyPress): boolean {
  return !press.ctrlKey && !press.metaKey && !press.altKey;
}
