import { type BuildProbe, compareBuilds, moduleScriptsOf } from '../../domain/chunkLoadError.ts';

/** How long a look at the server may take before it counts as no answer. */
const PROBE_TIMEOUT_MS = 5000;

/** The module scripts of the page that is running (the build this tab loaded). */
export function runningModuleScripts(): string[] {
  return Array.from(document.querySelectorAll('script[type="module"][src]'), (script) =>
    script.getAttribute('src'),
  ).filter((src): src is string => src !== null);
}

/**
 * After a screen's code or styles failed to load: asks the server for the workbench's page (never from a
 * cache) and tells whether the server answers, and whether it serves the build this tab runs or a newer one.
 */
export async function probeWorkbenchBuild(signal?: AbortSignal): Promise<BuildProbe> {
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(new URL(import.meta.env.BASE_URL, window.location.origin), {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return 'unreachable';
    return compareBuilds(runningModuleScripts(), moduleScriptsOf(await response.text()));
  } catch {
    return 'unreachable';
  }
}
