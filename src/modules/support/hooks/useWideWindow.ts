import { useEffect, useState } from 'react';

/**
 * The window width from which the support launcher floats with the spec's margins (125 px by 110 px);
 * narrower windows (where the top bar folds its navigation into a menu) dock it in the top bar instead.
 */
export const FLOATING_MIN_WIDTH = 1100;
const QUERY = `(min-width: ${FLOATING_MIN_WIDTH}px)`;

function matches(): boolean {
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY).matches : true;
}

/** True while the window is at least FLOATING_MIN_WIDTH wide; follows resizes. */
export function useWideWindow(): boolean {
  const [wide, setWide] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(QUERY);
    const onChange = () => setWide(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}
