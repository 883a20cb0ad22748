import type {
  ActionSurface,
  ActionTarget,
  BuilderAction,
  BuilderActionHost,
  BuilderActionId,
  KeyPress,
} from './BuilderAction.ts';

/** An action as a surface shows it, bound to its target. */
export type ActionItem = {
  id: BuilderActionId;
  label: string;
  tone: 'default' | 'danger';
  enabled: boolean;
  shortcuts: readonly string[];
  perform: () => void;
};

export type ActionDispatcher = {
  readonly actions: readonly BuilderAction[];
  readonly host: BuilderActionHost;
  /** The step menu of a step: its enabled actions (a disabled one is left out). */
  menuItems(nodeId: string): ActionItem[];
  /** The toolbar's actions for the selected step, each enabled or not. */
  toolbarItems(): ActionItem[];
  /**
   * A key press: the first action whose keyTest matches, run on the selected step if enabled.
   * Returns the matched action (the caller prevents the browser's default unless it keepsDefault) or null.
   */
  handleKey(press: KeyPress): { action: BuilderAction; performed: boolean } | null;
  /** Runs an action by id on a target if it is enabled; returns whether it ran. */
  perform(id: BuilderActionId, target: ActionTarget): boolean;
};

/**
 * One dispatcher over one registry of actions: the step menu, the toolbar and the keyboard all read
 * their actions here, so an action has the same label, enabled rule and effect wherever it is reached.
 */
export function createActionDispatcher(
  actions: readonly BuilderAction[],
  host: BuilderActionHost,
): ActionDispatcher {
  const itemOf = (action: BuilderAction, target: ActionTarget): ActionItem => ({
    id: action.id,
    label: typeof action.label === 'function' ? action.label(host, target) : action.label,
    tone: action.tone ?? 'default',
    enabled: action.isEnabled(host, target),
    shortcuts: action.shortcuts ?? [],
    perform: () => {
      if (action.isEnabled(host, target)) action.perform(host, target);
    },
  });
  const on = (surface: ActionSurface) => actions.filter((action) => action.surfaces.includes(surface));
  const selected = (): ActionTarget => ({ nodeId: host.selectedId() });

  return {
    actions,
    host,
    menuItems: (nodeId) =>
      on('nodeMenu')
        .map((action) => itemOf(action, { nodeId }))
        .filter((item) => item.enabled),
    toolbarItems: () => {
      const target = selected();
      return on('toolbar').map((action) => itemOf(action, target));
    },
    handleKey: (press) => {
      const action = actions.find((candidate) => candidate.keyTest?.(press));
      if (!action) return null;
      const target = selected();
      const performed = action.isEnabled(host, target);
      if (performed) action.perform(host, target);
      return { action, performed };
    },
    perform: (id, target) => {
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
