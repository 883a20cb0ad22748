import { type ComponentType, createElement, type ReactNode, use } from 'react';
import { restoreFailedStylesheets } from './restoreFailedStylesheets.ts';

type FailedScreen = { forget: () => void };

/** Screens whose last load failed: the next render of each loads it again (see retryFailedScreens). */
const failedScreens = new Set<FailedScreen>();

/**
 * Lets every screen whose code failed to load try again on its next render, once the stylesheets that
 * failed with it are loaded again (or have failed again: the screen's own load then says so).
 */
export async function retryFailedScreens(): Promise<void> {
  await restoreFailedStylesheets().catch(() => undefined);
  for (const screen of failedScreens) screen.forget();
  failedScreens.clear();
}

export type LazyScreen<TProps> = ((props: TProps) => ReactNode) & { preload: () => Promise<void> };

/**
 * A screen in its own chunk, loaded on first use (the router awaits `preload` before showing a route).
 * A failed load is thrown to the nearest error boundary (the route's error panel, which retries) and is
 * not kept: after retryFailedScreens the next render imports again. Unlike React.lazy, which keeps a
 * failure for ever, and TanStack's lazyRouteComponent, which reloads the page even when the server is down.
 */
export function lazyScreen<TModule, TKey extends keyof TModule>(
  importer: () => Promise<TModule>,
  exportName: TKey,
): TModule[TKey] extends (props: infer TProps) => ReactNode ? LazyScreen<TProps> : never {
  let loading: Promise<void> | undefined;
  let component: ComponentType<object> | undefined;
  let failure: unknown;
  const self: FailedScreen = {
    forget: () => {
      failure = undefined;
      loading = undefined;
    },
  };
  const preload = (): Promise<void> => {
    if (component) return Promise.resolve();
    loading ??= importer().then(
      (module) => {
        component = module[exportName] as ComponentType<object>;
      },
      (error: unknown) => {
        failure = error;
        failedScreens.add(self);
      },
    );
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, like React.lazy
  function Screen(props: object) {
    if (failure !== undefined) throw failure;
    if (!component) use(preload());
    if (failure !== undefined) throw failure;
    return createElement(component as ComponentType<object>, props);
  }
  Screen.preload = preload;
  return Screen as never;
}
