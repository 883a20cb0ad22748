import type { ReactNode } from 'react';
import type { GraphMarkerShape } from '../utils/emailEventChartLayout.ts';

type GraphMarkerProps = {
  shape: GraphMarkerShape;
  color: string;
  cx: number;
  cy: number;
  /** A tooltip (an SVG title) for the marker. */
  children?: ReactNode;
};

/**
 * One day's value on the email graph (and its sample in the legend): a ring (r 5), a square (7 px) or a dot
 * (r 2), drawn in that order, so three equal values at one point stay visible one inside the other.
 */
export function GraphMarker({ shape, color, cx, cy, children }: GraphMarkerProps) {
  if (shape === 'ring') {
    return (
      <circle cx={cx} cy={cy} r={5} fill="#fff" stroke={color} strokeWidth={2} data-marker={shape}>
        {children}
      </circle>
    );
  }
  if (shape === 'square') {
    return (
      <rect x={cx - 3.5} y={cy - 3.5} width={7} height={7} fill={color} data-marker={shape}>
        {children}
      </rect>
    );
  }
  return (
    <circle cx={cx} cy={cy} r={2} fill={color} stroke="#fff" strokeWidth={0.75} data-marker={shape}>
      {children}
    </circle>
  );
}
