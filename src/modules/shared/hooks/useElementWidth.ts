import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Follows the width of a box (a chart is drawn again by React at that width): `initial` until the box is
 * measured, never below `min`.
 */
export function useElementWidth(initial = 640, min = 260): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(min, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [min]);
  return [ref, width];
}
