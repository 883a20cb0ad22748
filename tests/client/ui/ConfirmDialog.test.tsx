import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../jsdomDialog.ts';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../src/ui/ConfirmDialog.tsx';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('asks, names the act on its button, and Cancel closes without acting', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        onClose={onClose}
        title="Delete this list?"
        confirmLabel="Delete list"
        onConfirm={onConfirm}
      >
        <p>Its contacts stay in People.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this list?' });
    expect(within(dialog).getByText('Its contacts stay in People.')).toBeTruthy();
    const act = within(dialog).getByRole('button', { name: 'Delete list' });
    expect(act.className).toContain('ui-button--danger');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(act);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says why the last attempt failed and stays open; waits while busy or with nothing to confirm', () => {
    const addDialog = (more: Partial<ConfirmDialogProps>) => (
      <ConfirmDialog
        open
        onClose={() => {}}
        title="Add to list"
        tone="primary"
        confirmLabel="Add to list"
        onConfirm={() => {}}
        {...more}
      />
    );
    const { rerender } = render(
      addDialog({ failure: { title: 'Nobody was added', message: 'The list is gone.' } }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Nobody was added');
    expect(alert.textContent).toContain('The list is gone.');
    expect(screen.getByRole('button', { name: 'Add to list' }).className).toContain('ui-button--primary');
    rerender(addDialog({ disabled: true }));
    expect(screen.getByRole('button', { name: 'Add to list' })).toHaveProperty('disabled', true);
    rerender(addDialog({ busy: true }));
    expect(screen.getByRole('button', { name: /Add to list/ }).getAttribute('aria-busy')).toBe('true');
  });
});
