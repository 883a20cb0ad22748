import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from '../../../src/ui/Menu.tsx';

describe('Menu', () => {
  it('opens from the keyboard, moves with arrows, selects, and Escape returns focus', async () => {
    const outbox = vi.fn();
    const signOut = vi.fn();
    render(
      <Menu
        label="Account: Dana Demo"
        trigger="Dana Demo"
        items={[
          { id: 'outbox', label: 'Outbox', onSelect: outbox },
          { id: 'sign-out', label: 'Sign out', onSelect: signOut },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Account: Dana Demo' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    items[0]?.focus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(outbox).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
