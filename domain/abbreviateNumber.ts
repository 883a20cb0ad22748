/** Units of the short number format, largest first (spec: K, M, B with one decimal). */
const UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Rounds `value / size` to one decimal without the float drift of `value / size * 10`. */
const roundToTenths = (value: number, size: number) => Math.round(value / (size / 10)) / 10;

const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * A count in its short form with at most one decimal: 999 -> "999", 1540 -> "1.5K", 2_500_000 -> "2.5M",
 * 1e9 -> "1B", -1540 -> "-1.5K". A value that rounds up to the next unit takes it: 999_950 -> "1M".
 * Values under 1000 keep one decimal at most (12.34 -> "12.3"). Not-finite values are returned as text.
 */
export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const plain = roundToTenths(abs, 1);
  if (plain < 1000) return plain === 0 ? '0' : `${sign}${oneDecimal(plain)}`;
  // From the smallest unit up: take the first whose rounded value stays under 1000 (B has no limit).
  for (let i = UNITS.length - 1; i >= 0; i -= 1) {
    const unit = UNITS[i]!;
    const rounded = roundToTenths(abs, unit.size);
    if (rounded < 1000 || i === 0) return `${sign}${oneDecimal(rounded)}${unit.suffix}`;
  }
  return String(value);
}
