import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AI_FAILURE_TEXTS, type AiEmails } from '../../../../domain/aiEmails.ts';
import { EMAIL_NAME_EXISTS, MAX_EMAIL_NAME } from '../../../../domain/campaignSchemas.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { NameDialog } from '../components/NameDialog.tsx';
import { AiVariantCard } from './AiVariantCard.tsx';
import { aiReviewLink, campaignLink } from './aiEmailLinks.ts';
import { ChangeTemplateDialog } from './ChangeTemplateDialog.tsx';
import { personalitiesText } from './personalitiesText.ts';
import { RegenerateDialog } from './RegenerateDialog.tsx';
import { SendAiEmailDialog } from './SendAiEmailDialog.tsx';
import { previewOf, useVariantPreviews } from './useVariantPreviews.ts';
import './aiEmails.css';

type Props = { campaignId: number; generationId: number };
type Dialogs = 'regenerate' | 'template' | 'clone' | 'send' | null;

/**
 * /campaigns/campaign?campaign_id=…&ai_email=1&generation_id=…: an AI email's variants side by side
 * (personality and colour, segment size, subject, preview), each opened in the designer and marked
 * reviewed; regenerate the chosen ones, change the template, clone, look for new personalities in the
 * audience, and send (each segment its own variant). Who wrote them is said plainly.
 */
export function AiReviewPage({ campaignId, generationId }: Props) {
  const { aiEmailApi } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const emails = useLoad<number, AiEmails>((id, signal) => aiEmailApi.emails(id, signal), 'aiEmails');
  const { load } = emails;
  const reload = useCallback(() => load(generationId), [load, generationId]);
  useEffect(reload, [reload]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const detect = useRequest<number, string[]>(
    (id, signal) => aiEmailApi.detectNewPersonality(id, signal),
    'detectNewPersonality',
  );
  const previews = useVariantPreviews(emails.data?.emails ?? null);
  const generationName = emails.data?.generation.name ?? '';
  // One object while the dialog is open, so that what is typed in it stays.
  const cloneTarget = useMemo(
    () => (dialog === 'clone' ? { name: `Copy of ${generationName}`.slice(0, MAX_EMAIL_NAME) } : null),
    [dialog, generationName],
  );

  const data = emails.data && emails.data.generation.generation_id === generationId ? emails.data : null;
  if (!data) {
    if (emails.status === 'failure' && emails.error)
      return (
        <LoadErrorPanel
          title="This AI email could not be loaded"
          message={emails.error.message}
          onRetry={reload}
        />
      );
    return <StatePanel kind="loading" title="Loading the AI email…" />;
  }
  const { generation, emails: variants } = data;
  const chosen = variants.filter((v) => selected.has(v.email_id));
  const reviewedCount = variants.filter((v) => v.is_reviewed).length;

  const review = async (emailId: number, reviewed: boolean, visited = false) => {
    if (!visited) setReviewing(emailId);
    try {
      await aiEmailApi.review({ generationId, emailId, reviewed, visited });
      if (!visited) reload();
    } catch (error) {
      if (!visited)
        toast.show({ tone: 'error', message: error instanceof Error ? error.message : 'Not marked.' });
    } finally {
      if (!visited) setReviewing(null);
    }
  };
  const toggle = (emailId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(emailId);
      else next.delete(emailId);
      return next;
    });
  const changed = (message: string) => {
    setDialog(null);
    toast.show({ tone: 'success', message });
    reload();
  };

  return (
    <div className="ai-review">
      <p className="campaign-detail__back">
        <Link {...campaignLink(campaignId)}>← Back to the campaign</Link>
      </p>
      <PageHeader
        eyebrow="AI email"
        title={generation.name}
        description={
          <>
            {countOf(variants.length, 'variant', 'variants')} · {reviewedCount} of {variants.length} reviewed
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog('clone')}>
              Clone
            </Button>
            <Button onClick={() => setDialog('send')} disabled={variants.length === 0}>
              Send
            </Button>
          </>
        }
      />
      <div className="ai-review__about">
        <Badge tone="info">{generation.composer_label}</Badge>
        <p className="ai-review__prompt">
          <span className="ai-variant__label">Prompt</span> <UserText>{generation.prompt}</UserText>
        </p>
      </div>
      <div className="ai-review__toolbar" role="toolbar" aria-label="AI email actions">
        <Button
          variant="secondary"
          size="sm"
          disabled={chosen.length === 0}
          onClick={() => setDialog('regenerate')}
        >
          {chosen.length
            ? `Regenerate ${countOf(chosen.length, 'variant', 'variants')}`
            : 'Regenerate selected'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDialog('template')}>
          Change template
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={detect.status === 'loading'}
          onClick={() => detect.submit(generationId)}
        >
          Detect new personality
        </Button>
      </div>
      {detect.status === 'success' && detect.data ? (
        <Alert tone="info" title="New personalities in the audience">
          {personalitiesText(detect.data)} joined the audience since these variants were written. Create an AI
          email for them to reach them in their own way.
        </Alert>
      ) : null}
      {detect.status === 'failure' && detect.error ? (
        <Alert
          tone={detect.error.message === AI_FAILURE_TEXTS.noNewPersonality ? 'info' : 'error'}
          title="Detect new personality"
        >
          {detect.error.message}
        </Alert>
      ) : null}
      {variants.length === 0 ? (
        <StatePanel kind="empty" title="No variants">
          This AI email has no variants: its audience had nobody of the personalities chosen.
        </StatePanel>
      ) : (
        <ul className="ai-review__variants" aria-label="Variants">
          {variants.map((variant) => (
            <AiVariantCard
              key={variant.email_id}
              campaignId={campaignId}
              variant={variant}
              preview={previewOf(previews, variant.version_id)}
              selected={selected.has(variant.email_id)}
              onSelect={(on) => toggle(variant.email_id, on)}
              reviewing={reviewing === variant.email_id}
              onReview={(reviewed, visited) => void review(variant.email_id, reviewed, visited)}
            />
          ))}
        </ul>
      )}
      <RegenerateDialog
        open={dialog === 'regenerate'}
        variants={chosen}
        prompt={generation.prompt}
        onClose={() => setDialog(null)}
        onDone={(written) => {
          setSelected(new Set());
          changed(`${countOf(written.length, 'variant', 'variants')} written again.`);
        }}
      />
      <ChangeTemplateDialog
        open={dialog === 'template'}
        generationId={generationId}
        onClose={() => setDialog(null)}
        onDone={() => changed('Every variant now uses that template.')}
      />
      <SendAiEmailDialog
        open={dialog === 'send'}
        generationId={generationId}
        variants={variants}
        onClose={() => setDialog(null)}
        onSent={() => changed('Sent: each recipient gets the variant of their personality.')}
      />
      <NameDialog<{ generation_id: number }>
        target={cloneTarget}
        title="Clone this AI email"
        label="Name of the copy"
        max={MAX_EMAIL_NAME}
        nameExists={EMAIL_NAME_EXISTS}
        requestName="cloneAiEmail"
        submitLabel="Clone"
        save={(name, signal) => aiEmailApi.clone({ generationId, name, campaignId }, signal)}
        onClose={() => setDialog(null)}
        onSaved={(copy) => {
          setDialog(null);
          toast.show({ tone: 'success', message: 'The AI email was cloned: this is the copy.' });
          void navigate(aiReviewLink(campaignId, copy.generation_id));
        }}
      />
    </div>
  );
}
