/** Stylesheet links whose file did not arrive (the server did not answer, or no longer had it). */
const failedLinks = new Set<HTMLLinkElement>();
let watching = false;

function noteFailedStylesheet(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') failedLinks.add(target);
}

/**
 * Starts noting stylesheets that fail to load (an `error` event does not bubble: it is caught on its way
 * down). Called once when the workbench starts; later calls do nothing.
 */
export function watchFailedStylesheets(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('error', noteFailedStylesheet, true);
}

/**
 * Stylesheets a screen asked for while the server did not answer stay in the page without their rules, and
 * the bundler does not ask for them again (it sees the link): each is replaced by a fresh link to the same
 * file. Resolves when they have loaded; rejects when one fails again (it is then noted again).
 */
export function restoreFailedStylesheets(): Promise<void> {
  const failed = Array.from(failedLinks).filter((link) => link.isConnected);
  failedLinks.clear();
  return Promise.all(
    failed.map(
      (link) =>
        new Promise<void>((resolve, reject) => {
          const fresh = link.cloneNode() as HTMLLinkElement;
          fresh.addEventListener('load', () => resolve());
          fresh.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${link.href}`)));
          link.replaceWith(fresh);
        }),
    ),
  ).then(() => undefined);
}
