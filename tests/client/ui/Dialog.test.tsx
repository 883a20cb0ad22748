import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../../../src/ui/Button.tsx';
import { Dialog } from '../../../src/ui/Dialog.tsx';

afterEach(cleanup);

/** A page with a button that opens a dialog; `mounted`: the dialog is rendered only while open. */
function Page({ withField = true, mounted = false }: { withField?: boolean; mounted?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title="New list"
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button>Create</Button>
        </>
      }
    >
      {withField ? (
        <label>
          List name <input />
        </label>
      ) : (
        <p>Nothing to fill in.</p>
      )}
    </Dialog>
  );
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open the dialog</Button>
      <Button>Another control</Button>
      {mounted ? (open ? dialog : null) : dialog}
    </>
  );
}

function openFromKeyboard() {
  const opener = screen.getByRole('button', { name: 'Open the dialog' });
  act(() => opener.focus());
  fireEvent.click(opener);
  return opener;
}

describe('Dialog focus', () => {
  it('moves focus to its first field, not to Close', () => {
    render(<Page />);
    openFromKeyboard();
    expect(document.activeElement).toBe(screen.getByLabelText('List name'));
  });

  it('without a field, moves focus to the first action of its footer', () => {
    render(<Page withField={false} />);
    openFromKeyboard();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('gives focus back to the control that opened it after Escape, Cancel or Close', () => {
    render(<Page />);
    const opener = openFromKeyboard();
    fireEvent(
      document.querySelector('dialog') as HTMLDialogElement,
      new Event('cancel', { cancelable: true }),
    );
    expect(document.activeElement).toBe(opener);

    openFromKeyboard();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(opener);

    openFromKeyboard();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back to the opener when the dialog goes away with the part of the page that held it', () => {
    render(<Page mounted />);
    const opener = openFromKeyboard();
    expect(document.activeElement).toBe(screen.getByLabelText('List name'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
