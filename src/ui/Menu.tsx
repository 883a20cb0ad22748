import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './Menu.css';

export type MenuItem = {
  id: string;
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
};

export type MenuProps = {
  /** Content of the button that opens the menu. */
  trigger: ReactNode;
  /** Accessible name of the button. */
  label: string;
  items: MenuItem[];
  /** Not focusable content at the top of the menu (who is signed in). */
  header?: ReactNode;
  align?: 'start' | 'end';
  triggerClassName?: string;
};

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or ArrowDown opens it on the first item, arrows move,
 * Home/End jump, Escape closes and returns focus to the button, Tab or a click outside closes it.
 */
export function Menu({ trigger, label, items, header, align = 'end', triggerClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();

  const focusItem = (index: number) => {
    const count = items.length;
    if (count === 0) return;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(items.length - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="ui-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={['ui-menu__trigger', triggerClassName ?? ''].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
      </button>
      {open ? (
        <div className={`ui-menu__popover ui-menu__popover--${align}`}>
          {header ? <div className="ui-menu__header">{header}</div> : null}
          <div id={menuId} role="menu" aria-label={label} className="ui-menu__list" onKeyDown={onMenuKeyDown}>
            {items.map((item, index) => (
              <button
                key={item.id}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`ui-menu__item${item.tone === 'danger' ? ' ui-menu__item--danger' : ''}`}
                onClick={() => {
                  close(false);
                  item.onSelect();
                }}
              >
                {item.icon ? <span className="ui-menu__icon">{item.icon}</span> : null}
                {item.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
