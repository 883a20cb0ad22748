import type { ZoomLevel } from '../../../../domain/trendZoom.ts';
import { Select } from '../../../ui/Select.tsx';

export const ZOOM_LABELS: Record<ZoomLevel, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** "Show by": the zoom levels a trends period spans (none to choose when it spans one). */
export function ZoomSelect({
  levels,
  value,
  onChange,
}: {
  levels: readonly ZoomLevel[];
  value: ZoomLevel;
  onChange: (level: ZoomLevel) => void;
}) {
  if (levels.length < 2) return null;
  return (
    <Select
      label="Show by"
      className="analytics-zoom"
      value={value}
      options={levels.map((l) => ({ value: l, label: ZOOM_LABELS[l] }))}
      onChange={(event) => onChange(event.target.value as ZoomLevel)}
    />
  );
}
