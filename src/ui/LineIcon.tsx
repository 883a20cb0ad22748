type Props = {
  d: string;
  className?: string;
  /** Width and height in px; without it the icon takes its size from CSS. */
  size?: number;
  /** The side of the square the path is drawn in (20, or 24 for a path drawn on a 24 grid). */
  box?: 20 | 24;
  /** Fills the shape in the current text colour too (a pressed star). */
  filled?: boolean;
};

/** An outline icon drawn with one path in the current text colour; decorative (hidden from readers). */
export function LineIcon({ d, className, size, box = 20, filled = false }: Props) {
  return (
    <svg
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path
        d={d}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
