import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type FloatingMenuItem = {
  id: string;
  label: string;
  onSelect: () => void;
  tone?: 'default' | 'danger';
  disabled?: boolean;
};

export type FloatingMenuState = {
  label: string;
  anchor: HTMLElement;
  items: FloatingMenuItem[];
};

/**
 * A menu opened from a button on the canvas, drawn above the canvas (outside React Flow's stacking) next
 * to its button: the first item is focused, arrows move, Home/End jump, Escape or Tab closes and returns
 * focus to the button, a click outside closes it.
 */
export function FloatingMenu({ menu, onClose }: { menu: FloatingMenuState; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const rect = menu.anchor.getBoundingClientRect();
    const width = 220;
    const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8));
    const height = ref.current?.offsetHeight ?? 0;
    const below = rect.bottom + 6;
    const top = below + height > window.innerHeight - 8 ? Math.max(8, rect.top - height - 6) : below;
    setPosition({ top, left });
    itemRefs.current.find((item) => item && !item.disabled)?.focus();
  }, [menu]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (ref.current?.contains(target) || menu.anchor.contains(target)) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menu, onClose]);

  const close = () => {
    onClose();
    if (menu.anchor.isConnected) menu.anchor.focus();
  };

  const move = (delta: number | 'first' | 'last') => {
    const enabled = itemRefs.current.filter((item): item is HTMLButtonElement => !!item && !item.disabled);
    if (enabled.length === 0) return;
    const current = enabled.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      delta === 'first'
        ? 0
        : delta === 'last'
          ? enabled.length - 1
          : (current + delta + enabled.length) % enabled.length;
    enabled[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const handled = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape', 'Tab'];
    if (!handled.includes(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Home') move('first');
    else if (event.key === 'End') move('last');
    else close();
  };

  return (
    <div
      ref={ref}
      role="menu"
      aria-label={menu.label}
      className="builder-menu"
      style={position ? { top: position.top, left: position.left } : { visibility: 'hidden' }}
      onKeyDown={onKeyDown}
    >
      {menu.items.map((item, index) => (
        <button
          key={item.id}
          ref={(element) => {
            itemRefs.current[index] = element;
          }}
          type="button"
          role="menuitem"
          tabIndex={-1}
          disabled={item.disabled}
          className={`builder-menu__item${item.tone === 'danger' ? ' builder-menu__item--danger' : ''}`}
          onClick={() => {
            close();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
