import { personalityOfType } from '../../../../domain/aiEmails.ts';

/**
 * A personality with its colour (a dot: the colour is never the only sign) and, when asked, its code:
 * "● Dominant · ADVA". The colour is the variant's own (ai_color) when it has one.
 */
export function PersonalityMark({
  type,
  color,
  withCode = false,
}: {
  type: string;
  color?: string | null;
  withCode?: boolean;
}) {
  const known = personalityOfType(type);
  const colour = color ?? known?.color ?? 'currentColor';
  return (
    <span className="ai-personality" data-personality={type}>
      <span className="ai-personality__dot" aria-hidden="true" style={{ background: colour }} />
      <span className="ai-personality__name">{type}</span>
      {withCode && known ? <span className="ai-personality__code">{known.code}</span> : null}
    </span>
  );
}
