/** A rate in percent as the reports show it: at most two decimals, "12.5%", "0%". */
export function formatRate(percent: number): string {
  const rounded = Math.round(percent * 100) / 100;
  return `${Number.isFinite(rounded) ? rounded : 0}%`;
}
