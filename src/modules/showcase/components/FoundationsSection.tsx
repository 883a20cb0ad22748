import { BREAKPOINTS, NARROW_BREAKPOINTS } from '../../../ui/breakpoints.ts';
import { Logo } from '../../../ui/Logo.tsx';
import { ShowcaseExample } from './ShowcaseExample.tsx';
import { ShowcaseSection } from './ShowcaseSection.tsx';

const SWATCHES = [
  { name: 'Brand green', token: '--wb-green', hex: '#1EC252', ink: '#001760' },
  { name: 'Brand navy', token: '--wb-navy', hex: '#001760', ink: '#ffffff' },
  { name: 'Green 700 (text)', token: '--wb-green-700', hex: '#0D7A31', ink: '#ffffff' },
  { name: 'Navy 700 (links, focus)', token: '--wb-navy-700', hex: '#1B3487', ink: '#ffffff' },
  { name: 'Red 600 (errors)', token: '--wb-red-600', hex: '#C8312B', ink: '#ffffff' },
  { name: 'Gray 50 (page)', token: '--wb-gray-50', hex: '#F4F6FA', ink: '#121A2E' },
] as const;

/** Brand colours, the logo, type sizes and the spec's breakpoints. */
export function FoundationsSection() {
  return (
    <ShowcaseSection
      id="foundations"
      title="Foundations"
      description="Tokens live in src/ui/tokens.css; breakpoints in src/ui/breakpoints.ts."
    >
      <ShowcaseExample label="Colours" wide>
        <ul className="showcase-swatches">
          {SWATCHES.map((swatch) => (
            <li key={swatch.token} className="showcase-swatch">
              <span className="showcase-swatch__chip" style={{ background: swatch.hex, color: swatch.ink }}>
                Aa
              </span>
              <span className="showcase-swatch__name">{swatch.name}</span>
              <code className="showcase-swatch__code">
                {swatch.hex} · {swatch.token}
              </code>
            </li>
          ))}
        </ul>
      </ShowcaseExample>
      <ShowcaseExample label="Logo">
        <div className="showcase-row">
          <Logo size="lg" />
          <span className="showcase-dark">
            <Logo tone="dark" />
          </span>
          <Logo markOnly size="sm" />
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="Type scale">
        <div className="showcase-type">
          <p style={{ fontSize: 'var(--wb-text-2xl)', fontWeight: 700 }}>Heading 2xl</p>
          <p style={{ fontSize: 'var(--wb-text-lg)', fontWeight: 700 }}>Heading lg</p>
          <p>Body md: the quick brown fox jumps over the lazy dog.</p>
          <p style={{ fontSize: 'var(--wb-text-sm)', color: 'var(--wb-text-muted)' }}>Muted sm</p>
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="Breakpoints (px)" wide>
        <p className="showcase-breakpoints">
          <strong>Layout:</strong> {BREAKPOINTS.join(', ')}
        </p>
        <p className="showcase-breakpoints">
          <strong>Narrow screens:</strong> {NARROW_BREAKPOINTS.join(', ')}
        </p>
      </ShowcaseExample>
    </ShowcaseSection>
  );
}
