/**
 * Where the arrow keys (Home, End) take the reader of a chart from mark `at` of `count` (null: none yet);
 * null: the key is not a move.
 */
export function chartCursorMove(key: string, at: number | null, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return at === null ? 0 : Math.min(last, at + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return at === null ? last : Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
