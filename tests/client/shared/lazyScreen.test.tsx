import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, retryFailedScreens } from '../../../src/modules/shared/utils/lazyScreen.ts';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

function Hello({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

function Ready() {
  return <p>ready</p>;
}

describe('lazyScreen', () => {
  it('throws a failed load to the error boundary, and loads again after retryFailedScreens', async () => {
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module: /assets/x.js');
      return { Page: Hello };
    }, 'Page');
    const tree = (key: number) => (
      <Boundary key={key}>
        <Suspense fallback={<p>loading</p>}>
          <Screen name="Dana" />
        </Suspense>
      </Boundary>
    );
    const { rerender } = await act(async () => render(tree(1)));
    expect(await screen.findByText(/failed: Failed to fetch dynamically imported module/)).toBeTruthy();
    // Rendering again without a retry keeps the failure (no request storm while the server is away).
    await act(async () => rerender(tree(2)));
    expect(await screen.findByText(/failed:/)).toBeTruthy();
    expect(attempts).toBe(1);

    await act(() => retryFailedScreens());
    await act(async () => rerender(tree(3)));
    expect(await screen.findByRole('heading', { name: 'Hello Dana' })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('preload resolves once the screen is loaded (the router awaits it before showing a route)', async () => {
    const Screen = lazyScreen(async () => ({ Page: Ready }), 'Page');
    await Screen.preload();
    render(<Screen />);
    expect(screen.getByText('ready')).toBeTruthy();
  });
});
