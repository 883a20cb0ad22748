import type { EditorAction, KeyPress } from './EditorAction.ts';

/** An action as a surface shows it, bound to its target. */
export type ActionItem<Id extends string = string> = {
  id: Id;
  label: string;
  /** The accessible name (the label unless the action gives one). */
  ariaLabel: string;
  tone: 'default' | 'danger';
  enabled: boolean;
  shortcuts: readonly string[];
  perform: () => void;
};

export type ActionDispatcher<Host, Target, Id extends string = string, Surface extends string = string> = {
  readonly actions: readonly EditorAction<Host, Target, Id, Surface>[];
  readonly host: Host;
  /** The actions a surface lists, each enabled or not (a toolbar); target: the selection by default. */
  items(surface: Surface, target?: Target): ActionItem<Id>[];
  /** Only the enabled ones (a menu leaves the others out). */
  enabledItems(surface: Surface, target?: Target): ActionItem<Id>[];
  /**
   * A key press: the first action whose keyTest matches (only among a surface's actions when `on.surface`
   * is given), run on the target (the selection by default) if enabled. Returns the matched action (the
   * caller prevents the browser's default unless it keepsDefault) or null.
   */
  handleKey(
    press: KeyPress,
    on?: { surface?: Surface; target?: Target },
  ): { action: EditorAction<Host, Target, Id, Surface>; performed: boolean } | null;
  /** Runs an action by id on a target (the selection by default) if it is enabled; returns whether it ran. */
  perform(id: Id, target?: Target): boolean;
};

/**
 * One dispatcher over one registry of actions: an editor's menus, toolbars and keyboard all read their
 * actions here, so an action has the same label, enabled rule and effect wherever it is reached.
 * `selection` gives the target of toolbars and keys (the selected step or block).
 */
export function createActionDispatcher<Host, Target, Id extends string, Surface extends string>(
  actions: readonly EditorAction<Host, Target, Id, Surface>[],
  host: Host,
  selection: () => Target,
): ActionDispatcher<Host, Target, Id, Surface> {
  const itemOf = (action: EditorAction<Host, Target, Id, Surface>, target: Target): ActionItem<Id> => {
    const label = typeof action.label === 'function' ? action.label(host, target) : action.label;
    return {
      id: action.id,
      label,
      ariaLabel: action.ariaLabel?.(host, target) ?? label,
      tone: action.tone ?? 'default',
      enabled: action.isEnabled(host, target),
      shortcuts: action.shortcuts ?? [],
      perform: () => {
        if (action.isEnabled(host, target)) action.perform(host, target);
      },
    };
  };
  const on = (surface: Surface) => actions.filter((action) => action.surfaces.includes(surface));
  const items = (surface: Surface, target: Target = selection()) =>
    on(surface).map((action) => itemOf(action, target));

  return {
    actions,
    host,
    items,
    enabledItems: (surface, target) => items(surface, target).filter((item) => item.enabled),
    handleKey: (press, scope = {}) => {
      const candidates = scope.surface === undefined ? actions : on(scope.surface);
      const action = candidates.find((candidate) => candidate.keyTest?.(press));
      if (!action) return null;
      const target = 'target' in scope ? (scope.target as Target) : selection();
      const performed = action.isEnabled(host, target);
      if (performed) action.perform(host, target);
      return { action, performed };
    },
    perform: (id, target = selection()) => {
      const action = actions.find((candidate) => candidate.id === id);
      if (!action?.isEnabled(host, target)) return false;
      action.perform(host, target);
      return true;
    },
  };
}

/** "Mod+Z" for people: Ctrl+Z, or ⌘+Z on a Mac. */
export function shortcutLabel(shortcut: string, mac: boolean): string {
  return shortcut.replace('Mod', mac ? '⌘' : 'Ctrl');
}

/** "Mod+Z" as aria-keyshortcuts values: "Control+Z Meta+Z". */
export function ariaKeyShortcuts(shortcuts: readonly string[]): string {
  return shortcuts
    .flatMap((shortcut) => [shortcut.replace('Mod', 'Control'), shortcut.replace('Mod', 'Meta')])
    .join(' ');
}
