import {
  type ActionItem,
  ariaKeyShortcuts,
  shortcutLabel,
} from '../../../engine/actions/createActionDispatcher.ts';
import { Button, type ButtonVariant } from '../../../ui/Button.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * An editor's toolbar actions (its registry's items for the toolbar: Undo, Redo ...) as buttons: each
 * disabled when it cannot run, its title and aria-keyshortcuts written from its shortcuts.
 */
export function ActionButtons({ items, variant }: { items: readonly ActionItem[]; variant: ButtonVariant }) {
  return items.map((item) => (
    <Button
      key={item.id}
      variant={variant}
      size="sm"
      disabled={!item.enabled}
      aria-keyshortcuts={ariaKeyShortcuts(item.shortcuts)}
      title={`${item.label} (${item.shortcuts.map((shortcut) => shortcutLabel(shortcut, isMac)).join(' or ')})`}
      onClick={item.perform}
    >
      {item.label}
    </Button>
  ));
}
