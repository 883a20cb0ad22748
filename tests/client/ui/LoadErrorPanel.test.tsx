import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadErrorPanel } from '../../../src/ui/LoadErrorPanel.tsx';

afterEach(cleanup);

describe('LoadErrorPanel', () => {
  it('announces what failed and why, and "Try again" retries', () => {
    const onRetry = vi.fn();
    render(
      <LoadErrorPanel title="The mailbox could not be loaded" message="Server error." onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('h2')?.textContent).toBe('The mailbox could not be loaded');
    expect(alert.textContent).toContain('Server error.');
    expect(alert.className).not.toContain('ui-state--compact');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('is compact inside tables and panels', () => {
    render(<LoadErrorPanel compact title="Your workflows could not be loaded" onRetry={() => {}} />);
    expect(screen.getByRole('alert').className).toContain('ui-state--compact');
  });
});
