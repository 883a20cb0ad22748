import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactFields } from '../../../domain/audiencePeople.ts';
import { ContactFormDialog } from '../../../src/modules/audiences/components/people/ContactFormDialog.tsx';

afterEach(cleanup);

function open(tab: 'all' | 'profiled' | 'unprofiled') {
  const save = vi.fn(async (_fields: ContactFields) => {});
  render(<ContactFormDialog person={null} tab={tab} onClose={() => {}} save={save} />);
  return { save, dialog: screen.getByRole('dialog', { name: 'Create contact' }) };
}

const fillRequired = (dialog: HTMLElement) => {
  fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Ann' } });
  fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Lee' } });
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ann@lee.test' } });
};

describe('ContactFormDialog', () => {
  it('names each field as its label does in its errors (Company, not organization)', async () => {
    const { dialog, save } = open('all');
    fillRequired(dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Company/), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(within(dialog).getByLabelText(/^Job title/), { target: { value: 'y'.repeat(201) } });
    fireEvent.change(within(dialog).getByLabelText(/^LinkedIn address/), { target: { value: 'ftp://x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await within(dialog).findByText('Company is at most 200 characters.')).toBeTruthy();
    expect(within(dialog).getByText('Job title is at most 200 characters.')).toBeTruthy();
    expect(
      within(dialog).getByText('LinkedIn address must be a web address starting with https://.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/organization|designation|linkedin_url/)).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows what a new contact will be: Unprofiled by default, Steady when made in Profiled', async () => {
    const all = open('all');
    expect((within(all.dialog).getByLabelText('Personality type') as HTMLSelectElement).value).toBe('');
    expect(all.dialog.textContent).not.toMatch(/it is Steady/);
    cleanup();

    const profiled = open('profiled');
    const type = within(profiled.dialog).getByLabelText('Personality type') as HTMLSelectElement;
    expect(type.value).toBe('Steady');
    expect(type.selectedOptions[0]?.textContent).toBe('Steady');
    expect(profiled.dialog.textContent).not.toMatch(/it is Steady/);
    fillRequired(profiled.dialog);
    fireEvent.click(within(profiled.dialog).getByRole('button', { name: 'Create contact' }));
    await waitFor(() => expect(profiled.save).toHaveBeenCalled());
    expect(profiled.save.mock.calls[0]?.[0]).toMatchObject({ personalityType: 'Steady' });
  });
});
