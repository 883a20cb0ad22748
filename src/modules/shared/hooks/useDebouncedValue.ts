import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../../domain/debounce.ts';

/** The value, once it has stopped changing for `delay` ms (default: the 300 ms search debounce). */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
