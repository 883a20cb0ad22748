import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '../../../src/ui/Tabs.tsx';

const TABS = [
  { id: 'active', label: 'Active', content: <p>Active workflows</p> },
  { id: 'inactive', label: 'Inactive', content: <p>Inactive workflows</p> },
  { id: 'archived', label: 'Archived', content: <p>Archived</p>, disabled: true },
  { id: 'all', label: 'All', content: <p>All workflows</p> },
];

const tab = (name: string) => screen.getByRole('tab', { name });

afterEach(cleanup);

describe('Tabs', () => {
  it('follows the WAI-ARIA roles, with one Tab stop on the selected tab', () => {
    render(<Tabs label="Workflow filters" tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Workflow filters' })).toBeTruthy();
    expect(tab('Active').getAttribute('aria-selected')).toBe('true');
    expect(tab('Active').tabIndex).toBe(0);
    expect(tab('Inactive').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'Active' });
    expect(panel.textContent).toBe('Active workflows');
    expect(tab('Active').getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves and selects with the arrows, wrapping and skipping disabled tabs; Home and End', () => {
    const onSelect = vi.fn();
    render(<Tabs label="Workflow filters" tabs={TABS} onSelect={onSelect} />);
    tab('Active').focus();
    fireEvent.keyDown(tab('Active'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Inactive'));
    expect(tab('Inactive').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Inactive workflows');

    fireEvent.keyDown(tab('Inactive'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('All'));
    fireEvent.keyDown(tab('All'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Active'));
    fireEvent.keyDown(tab('Active'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('All'));
    fireEvent.keyDown(tab('All'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Active'));
    fireEvent.keyDown(tab('Active'), { key: 'End' });
    expect(document.activeElement).toBe(tab('All'));
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual([
      'inactive',
      'all',
      'active',
      'all',
      'active',
      'all',
    ]);

    fireEvent.click(tab('Archived'));
    expect(tab('Archived').getAttribute('aria-selected')).toBe('false');
  });

  it('with manual activation, arrows move focus and Enter selects', () => {
    render(<Tabs label="Workflow filters" tabs={TABS} activation="manual" />);
    tab('Active').focus();
    fireEvent.keyDown(tab('Active'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Inactive'));
    expect(tab('Active').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Inactive'), { key: 'Enter' });
    expect(tab('Inactive').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Inactive workflows');
  });

  it('can be controlled', () => {
    const onSelect = vi.fn();
    const { rerender } = render(
      <Tabs label="Workflow filters" tabs={TABS} selectedId="all" onSelect={onSelect} />,
    );
    fireEvent.click(tab('Inactive'));
    expect(onSelect).toHaveBeenCalledWith('inactive');
    expect(tab('All').getAttribute('aria-selected')).toBe('true');
    rerender(<Tabs label="Workflow filters" tabs={TABS} selectedId="inactive" onSelect={onSelect} />);
    expect(tab('Inactive').getAttribute('aria-selected')).toBe('true');
  });
});
