import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { TOAST_DURATION_MS, type ToastOptions } from '../../../src/ui/toastDuration.ts';
import { useToast } from '../../../src/ui/useToast.ts';

function Trigger({ options, name }: { options: ToastOptions; name: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(options)}>
      {name}
    </button>
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

afterEach(cleanup);

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the durations of the spec', () => {
    expect(TOAST_DURATION_MS).toEqual({ long: 5000, short: 4000 });
  });

  it('a status toast goes by itself after 5 s by default', () => {
    render(
      <ToastProvider>
        <Trigger
          name="save"
          options={{ message: 'Your workflow has been saved successfully!', tone: 'success' }}
        />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Your workflow has been saved successfully!');
    advance(4999);
    expect(screen.queryByRole('status')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a short toast goes after 4 s; an error is an alert', () => {
    render(
      <ToastProvider>
        <Trigger name="short" options={{ message: 'Copied', duration: TOAST_DURATION_MS.short }} />
        <Trigger name="fail" options={{ message: 'Could not save', tone: 'error' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'short' }));
    advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    advance(2999);
    expect(screen.queryByRole('status')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeNull();
    advance(1999);
    expect(screen.queryByRole('alert')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the dismiss button closes it at once; a null duration stays until dismissed', () => {
    render(
      <ToastProvider>
        <Trigger name="sticky" options={{ message: 'Read me', duration: null }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'sticky' }));
    advance(60_000);
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('pauses while hovered and resumes with the time it had left', () => {
    render(
      <ToastProvider>
        <Trigger name="save" options={{ message: 'Saved' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    advance(3000);
    fireEvent.pointerEnter(screen.getByRole('status'));
    advance(10_000);
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.pointerLeave(screen.getByRole('status'));
    advance(1999);
    expect(screen.queryByRole('status')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('useToast without a provider says what is missing', () => {
    expect(() => render(<Trigger name="x" options={{ message: 'x' }} />)).toThrow(/ToastProvider/);
  });
});
