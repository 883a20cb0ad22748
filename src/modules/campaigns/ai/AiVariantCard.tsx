import { Link } from '@tanstack/react-router';
import type { AiVariant } from '../../../../domain/aiEmails.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { EmailFrame } from '../designer/components/EmailFrame.tsx';
import { variantDesignLink } from './aiEmailLinks.ts';
import { PersonalityMark } from './PersonalityMark.tsx';

/** The variant's rendered HTML, or why it could not be made, or not yet. */
export type VariantPreviewState = string | { failed: string | null };

type Props = {
  campaignId: number;
  preview: VariantPreviewState;
  variant: AiVariant;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** Marks it reviewed or not; `visited` only records that it was opened. */
  onReview: (reviewed: boolean, visited?: boolean) => void;
  reviewing: boolean;
};

/** The rendered variant, as its recipients will see it (a sandboxed frame, no scripts). */
function VariantPreview({ preview, label }: { preview: VariantPreviewState; label: string }) {
  if (typeof preview === 'string')
    return (
      <div className="ai-variant__preview">
        <EmailFrame html={preview} width={600} title={`Preview of the ${label} variant`} dark={false} />
      </div>
    );
  if (preview.failed)
    return (
      <StatePanel compact kind="error" title="No preview">
        {preview.failed}
      </StatePanel>
    );
  return <StatePanel compact kind="loading" title="Making the preview…" />;
}

/** One variant of an AI email: its personality and colour, segment size, subject, a preview and its acts. */
export function AiVariantCard({
  campaignId,
  preview,
  variant,
  selected,
  onSelect,
  onReview,
  reviewing,
}: Props) {
  const label = variant.ai_type;
  return (
    <li className="ai-variant" data-testid="ai-variant" data-personality={variant.ai_type}>
      <div className="ai-variant__stripe" aria-hidden="true" style={{ background: variant.ai_color }} />
      <div className="ai-variant__body">
        <div className="ai-variant__head">
          <Checkbox
            label={<PersonalityMark type={variant.ai_type} color={variant.ai_color} withCode />}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select the ${label} variant`}
          />
          {variant.is_reviewed ? <Badge tone="success">Reviewed</Badge> : <Badge>Not reviewed</Badge>}
        </div>
        <p className="ai-variant__segment">{countOf(variant.segment_size, 'recipient', 'recipients')}</p>
        <p className="ai-variant__subject">
          <span className="ai-variant__label">Subject</span>{' '}
          <UserText>{subjectForDisplay(variant.subject)}</UserText>
        </p>
        {variant.preheader ? (
          <p className="ai-variant__preheader">
            <UserText>{variant.preheader}</UserText>
          </p>
        ) : null}
        <VariantPreview preview={preview} label={label} />
        <div className="ai-variant__actions">
          <Link
            {...variantDesignLink(campaignId, variant.email_id, variant.version_id)}
            className={buttonClassName('secondary', 'sm')}
            aria-label={`Open the ${label} variant in the designer`}
            onClick={() => onReview(variant.is_reviewed, true)}
          >
            Open in designer
          </Link>
          <Button
            size="sm"
            variant={variant.is_reviewed ? 'ghost' : 'secondary'}
            loading={reviewing}
            aria-pressed={variant.is_reviewed}
            aria-label={`Mark the ${label} variant reviewed`}
            onClick={() => onReview(!variant.is_reviewed)}
          >
            {variant.is_reviewed ? 'Reviewed ✓' : 'Mark reviewed'}
          </Button>
        </div>
      </div>
    </li>
  );
}
