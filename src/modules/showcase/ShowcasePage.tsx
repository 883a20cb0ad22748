import { PageHeader } from '../../ui/PageHeader.tsx';
import { ToastProvider } from '../../ui/ToastProvider.tsx';
import { ButtonsSection } from './components/ButtonsSection.tsx';
import { DataSection } from './components/DataSection.tsx';
import { FeedbackSection } from './components/FeedbackSection.tsx';
import { FormattingSection } from './components/FormattingSection.tsx';
import { FoundationsSection } from './components/FoundationsSection.tsx';
import { InputsSection } from './components/InputsSection.tsx';
import { OverlaysSection } from './components/OverlaysSection.tsx';
import './ShowcasePage.css';

const CONTENTS = [
  { id: 'foundations', label: 'Foundations' },
  { id: 'buttons', label: 'Buttons' },
  { id: 'inputs', label: 'Inputs' },
  { id: 'feedback', label: 'Feedback and states' },
  { id: 'overlays', label: 'Dialog and menu' },
  { id: 'data', label: 'Tables, tabs and cards' },
  { id: 'formatting', label: 'Formatting' },
] as const;

/**
 * The design system in one page: every component of src/ui in its states. Mounted at /design-system
 * only when showcaseEnabled() (development or a QA build).
 */
export function ShowcasePage() {
  return (
    <ToastProvider>
      <div className="showcase">
        <PageHeader
          eyebrow="Development and QA only"
          title="Design system"
          description="The components of src/ui in their states: default, hover and focus, disabled, loading, error and empty."
        />
        <nav className="showcase__contents" aria-label="Design system sections">
          <ul>
            {CONTENTS.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <FoundationsSection />
        <ButtonsSection />
        <InputsSection />
        <FeedbackSection />
        <OverlaysSection />
        <DataSection />
        <FormattingSection />
      </div>
    </ToastProvider>
  );
}
