import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxTable } from '../../../src/modules/admin/components/OutboxTable.tsx';
import { email } from './outboxFixtures.ts';

afterEach(cleanup);

const EMAILS = [email({}), email({ id: 6, to_address: 'bob@example.test', subject: '' })];

describe('OutboxTable', () => {
  it('is a real table with column headers and a row per email, newest first', () => {
    render(<OutboxTable emails={EMAILS} busy={false} onOpen={() => {}} />);
    const table = screen.getByRole('table', { name: 'Emails in the outbox, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['To', 'Subject', 'Kind', 'Status', 'Time']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('ada@example.test').getAttribute('data-label')).toBe('To');
    expect(within(rows[1]!).getByRole('button', { name: '(no subject)' })).toBeTruthy();
  });

  it('shows an emoji sent as a numeric reference as the emoji', () => {
    render(
      <OutboxTable
        emails={[email({ subject: '[Test] Hello &#128075; from Dana' })]}
        busy={false}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: '[Test] Hello 👋 from Dana' })).toBeTruthy();
    expect(screen.queryByText(/&#128075;/)).toBeNull();
  });

  it('opens an email from its subject button or anywhere on its row, once per click', () => {
    const onOpen = vi.fn();
    render(<OutboxTable emails={EMAILS} busy={false} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset your password' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenLastCalledWith(7);
    fireEvent.click(screen.getByText('bob@example.test'));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith(6);
  });

  it('dims the rows and says it is busy while a new page loads', () => {
    render(<OutboxTable emails={EMAILS} busy onOpen={() => {}} />);
    const wrapper = screen.getByRole('table').closest('.outbox-table');
    expect(wrapper?.getAttribute('aria-busy')).toBe('true');
    expect(wrapper?.className).toContain('ui-table--busy');
  });
});
