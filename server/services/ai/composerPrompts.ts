import { AI_DRAFT_LIMITS, type AiDraftRequest, type PersonalityFacts } from '../../../domain/aiDraft.ts';

/** How a model is told to write to each personality (the built-in composer follows the same rules). */
const TONE: Record<AiDraftRequest['personality'], string> = {
  Dominant: 'decisive readers: short, direct, the outcome first, one clear action',
  Influencer: 'sociable readers: warm and energetic, stories and what others are doing, an inviting action',
  Steady: 'steady readers: calm and reassuring, step by step, supportive, no pressure',
  Conscientious: 'careful readers: precise and detailed, facts, method and sources first, no hype',
  Others: 'a general audience: clear and friendly, what is new and why it matters',
};

export function systemPrompt(request: AiDraftRequest): string {
  return [
    `You write one marketing email for ${request.organisationName}, for ${TONE[request.personality]}.`,
    'Answer with JSON only, in the given schema. Plain text in every field: no HTML, no Markdown, no links',
    `(the email's button links to the edition). At most ${AI_DRAFT_LIMITS.paragraphs} short paragraphs.`,
  ].join(' ');
}

export function userPrompt(request: AiDraftRequest): string {
  const articles = request.articles
    .slice(0, 10)
    .map(
      (article, i) =>
        `${i + 1}. ${article.title}${article.summary ? `: ${article.summary.slice(0, 300)}` : ''}`,
    )
    .join('\n');
  return [
    `What the email is about: ${request.prompt.trim()}`,
    `It goes to ${request.audienceCount} ${request.personality} reader(s).`,
    request.addressedTo?.trim() ? `Address the readers as: ${request.addressedTo.trim()}.` : '',
    articles ? `The edition's articles (set include_articles to show them below the text):\n${articles}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** What a model is asked to suggest a contact's personality: the job title, company and engagement only. */
export function suggestionPrompts(facts: PersonalityFacts): { system: string; user: string } {
  return {
    system: [
      'You sort a business contact into one DISC personality type for email tone: Dominant (decisive, results),',
      'Influencer (social, enthusiastic), Steady (patient, supportive), Conscientious (precise, analytical), or',
      'Others when nothing tells. Answer with JSON only, in the given schema; the reason is one short sentence',
      'naming what you went by.',
    ].join(' '),
    user: [
      `Job title: ${facts.title.trim().slice(0, 150) || 'unknown'}`,
      `Company: ${facts.company.trim().slice(0, 150) || 'unknown'}`,
      `Engagement score (higher opens and clicks more): ${facts.engagementScore}`,
    ].join('\n'),
  };
}
