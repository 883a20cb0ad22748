import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShowcasePage } from '../../../src/modules/showcase/ShowcasePage.tsx';

afterEach(cleanup);

describe('ShowcasePage', () => {
  it('shows every section, each reachable from the contents', () => {
    render(<ShowcasePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Design system' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'Design system sections' });
    const links = contents.querySelectorAll('a');
    expect(links.length).toBe(7);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      expect(target, link.textContent ?? '').not.toBeNull();
    }
    for (const role of ['tablist', 'table', 'checkbox', 'button', 'textbox', 'combobox'] as const) {
      expect(screen.getAllByRole(role).length, role).toBeGreaterThan(0);
    }
  });
});
