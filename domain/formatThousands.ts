/**
 * A number with comma thousands separators, independent of the browser's locale:
 * 1234567 -> "1,234,567", -9876.5 -> "-9,876.5". Not-finite values are returned as text.
 */
export function formatThousands(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction] = String(Math.abs(value)).split('.');
  // Exponent notation (>= 1e21 or tiny fractions) is left as JavaScript writes it.
  if (/e/i.test(whole) || (fraction && /e/i.test(fraction))) return String(value);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 ? '-' : '';
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}
