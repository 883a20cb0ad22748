import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Alert } from '../../../src/ui/Alert.tsx';
import { Button } from '../../../src/ui/Button.tsx';
import { Form } from '../../../src/ui/Form.tsx';
import { TextField } from '../../../src/ui/TextField.tsx';

const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A form with two fields; the second must be filled; the server refuses "taken" later. */
function CampaignForm({ answer }: { answer: () => Promise<string | null> }) {
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setRefused(null);
        if (!name.trim()) return setError('Give the campaign a name.');
        setError(null);
        void answer().then(setRefused);
      }}
    >
      <TextField label="Notes" value={notes} onChange={(event) => setNotes(event.target.value)} />
      <TextField
        label="Campaign name"
        value={name}
        error={error ?? undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {refused ? (
        <Alert tone="error" title="The campaign was not created">
          {refused}
        </Alert>
      ) : null}
      <Button type="submit">Create campaign</Button>
    </Form>
  );
}

const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));

describe('Form', () => {
  it('after a failed submit, focuses the first invalid field and scrolls it, with its label, into view', async () => {
    render(<CampaignForm answer={async () => null} />);
    const button = screen.getByRole('button', { name: 'Create campaign' });
    act(() => button.focus());
    fireEvent.click(button);
    await nextFrame();
    const field = screen.getByLabelText('Campaign name');
    expect(document.activeElement).toBe(field);
    expect(scrolled).toEqual([field.closest('.ui-field')]);
  });

  it('focuses the error the server answers with later, made focusable', async () => {
    let refuse: (text: string) => void = () => {};
    render(<CampaignForm answer={() => new Promise((resolve) => (refuse = resolve))} />);
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    await nextFrame();
    expect(document.activeElement).not.toBe(screen.queryByRole('alert'));
    await act(async () => refuse('A campaign with this name exists.'));
    const alert = screen.getByRole('alert');
    expect(document.activeElement).toBe(alert);
    expect(alert.tabIndex).toBe(-1);
  });

  it('leaves the focus alone once the person types again', async () => {
    let refuse: (text: string) => void = () => {};
    render(<CampaignForm answer={() => new Promise((resolve) => (refuse = resolve))} />);
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    const notes = screen.getByLabelText('Notes');
    act(() => notes.focus());
    fireEvent.input(notes, { target: { value: 'x' } });
    await act(async () => refuse('A campaign with this name exists.'));
    expect(document.activeElement).toBe(notes);
  });
});
