import './Logo.css';

export type LogoProps = {
  /** "dark" for navy backgrounds. */
  tone?: 'light' | 'dark';
  size?: 'sm' | 'md' | 'lg';
  /** Hide the word mark (the mark alone). */
  markOnly?: boolean;
};

/** The Workbench mark: a navy tile with a green rising path, and the word mark. */
export function Logo({ tone = 'light', size = 'md', markOnly = false }: LogoProps) {
  return (
    <span className={`ui-logo ui-logo--${tone} ui-logo--${size}`}>
      <svg className="ui-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={tone === 'dark' ? '#ffffff' : '#001760'} />
        <path
          d="M7 20.5 12.5 15l4 4L25 10.5"
          fill="none"
          stroke="#1EC252"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="25" cy="10.5" r="2.4" fill={tone === 'dark' ? '#001760' : '#ffffff'} />
      </svg>
      {markOnly ? (
        <span className="ui-visually-hidden">Workbench</span>
      ) : (
        <span className="ui-logo__word">Workbench</span>
      )}
    </span>
  );
}
