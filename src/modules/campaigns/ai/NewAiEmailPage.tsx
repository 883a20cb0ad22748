import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { AiEmailForm, type AiEmailFormState, EMPTY_AI_EMAIL_FORM } from './AiEmailForm.tsx';
import { AiGenerationProgress } from './AiGenerationProgress.tsx';
import { aiReviewLink, campaignLink } from './aiEmailLinks.ts';
import { newAiId, useAiGeneration } from './useAiGeneration.ts';
import './aiEmails.css';

/**
 * /campaigns/campaign?campaign_id=…&ai_email=1: the "New AI email" form; while the variants are written,
 * their progress with Cancel; once written, the review screen of the new generation.
 */
export function NewAiEmailPage({ campaignId }: { campaignId: number }) {
  const actor = useAiGeneration();
  const navigate = useNavigate();
  const toast = useToast();
  const [form, setForm] = useState<AiEmailFormState>(EMPTY_AI_EMAIL_FORM);
  const phase = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'generating'));
  const done = useSelector(actor, (s) => s.context.done);
  const total = useSelector(actor, (s) => s.context.total);
  const error = useSelector(actor, (s) => s.context.error);
  const result = useSelector(actor, (s) => s.context.result);

  useEffect(() => {
    if (phase !== 'done' || !result) return;
    toast.show({
      tone: 'success',
      message: `${countOf(result.emails.length, 'variant', 'variants')} written: review them before sending.`,
    });
    void navigate(aiReviewLink(result.campaign_id, result.generation_id));
  }, [phase, result, navigate, toast]);

  const outcome =
    phase === 'failed' && error
      ? { tone: 'error' as const, title: 'The AI email was not created', message: error.message }
      : phase === 'cancelled'
        ? { tone: 'info' as const, title: 'Cancelled', message: 'Nothing of this AI email was kept.' }
        : null;
  const working = phase === 'generating' || phase === 'cancelling' || phase === 'done';

  return (
    <div className="ai-email-page">
      <p className="campaign-detail__back">
        <Link {...campaignLink(campaignId)}>← Back to the campaign</Link>
      </p>
      <PageHeader
        eyebrow="Campaign"
        title="New AI email"
        description="One prompt, one variant for each personality in the audience, reviewed before it is sent."
      />
      {working ? (
        <AiGenerationProgress
          done={done}
          total={total}
          cancelling={phase === 'cancelling'}
          onCancel={() => actor.send({ type: 'generation.cancel' })}
        />
      ) : (
        <AiEmailForm
          campaignId={campaignId}
          state={form}
          onChange={setForm}
          outcome={outcome}
          onSubmit={(fields) =>
            actor.send({ type: 'generation.start', request: { aiId: newAiId(), fields } })
          }
        />
      )}
    </div>
  );
}
