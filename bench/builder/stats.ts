import { round } from '../benchServer.ts';

export type Stats = { median: number; p95: number; max: number; min: number; count: number };

/** The median, p95, max and min of a series of measurements (rounded), and how many there were. */
export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return {
    median: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted.at(-1) ?? NaN),
    min: round(sorted[0] ?? NaN),
    count: sorted.length,
  };
}
