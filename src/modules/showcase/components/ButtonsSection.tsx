import { Button, type ButtonVariant } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { ShowcaseExample } from './ShowcaseExample.tsx';
import { ShowcaseSection } from './ShowcaseSection.tsx';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];

const PLUS = (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** Every button variant in its states; hover and focus are live (point at them, or press Tab). */
export function ButtonsSection() {
  return (
    <ShowcaseSection
      id="buttons"
      title="Buttons"
      description="Hover and press Tab to see the hover and focus styles; the “Focused” column draws the focus ring."
    >
      {VARIANTS.map((variant) => (
        <ShowcaseExample key={variant} label={variant[0]?.toUpperCase() + variant.slice(1)} wide>
          <div className="showcase-row">
            <Button variant={variant}>Default</Button>
            <Button variant={variant} className="showcase-force-focus">
              Focused
            </Button>
            <Button variant={variant} disabled>
              Disabled
            </Button>
            <Button variant={variant} loading>
              Loading
            </Button>
            <Button variant={variant} icon={PLUS}>
              With icon
            </Button>
          </div>
        </ShowcaseExample>
      ))}
      <ShowcaseExample label="Sizes">
        <div className="showcase-row">
          <Button size="sm">Small</Button>
          <Button size="md">Medium</Button>
          <Button size="lg">Large</Button>
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="Link styled as a button">
        <a className={buttonClassName('secondary')} href="#buttons">
          Go to buttons
        </a>
      </ShowcaseExample>
    </ShowcaseSection>
  );
}
