import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PersonDetailDialog } from '../../../src/modules/audiences/components/people/PersonDetailDialog.tsx';
import { person } from './audienceFixtures.ts';

afterEach(cleanup);

describe('PersonDetailDialog', () => {
  it('shows the country and, apart, the custom fields an import kept', () => {
    render(
      <PersonDetailDialog
        person={person(1, false, {
          country: 'Spain',
          custom_fields: { 'Shoe size': '38', 'Favourite colour': 'Blue' },
        })}
        onClose={() => {}}
        onEdit={() => {}}
      />,
    );
    expect(screen.getByText('Country').nextSibling?.textContent).toBe('Spain');
    const custom = screen.getByRole('region', { name: 'Custom fields' });
    expect(
      within(custom)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Favourite colour', 'Shoe size']);
    expect(within(custom).getByText('Shoe size').nextSibling?.textContent).toBe('38');
  });

  it('has no custom fields section for a contact without any', () => {
    render(<PersonDetailDialog person={person(2, true)} onClose={() => {}} onEdit={() => {}} />);
    expect(screen.queryByRole('region', { name: 'Custom fields' })).toBeNull();
  });
});
