import type { AiDraft, AiDraftRequest } from '../../../domain/aiDraft.ts';
import { AI_DRAFT_LIMITS } from '../../../domain/aiDraft.ts';
import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { AiComposer } from './AiComposer.ts';
import { personalityByRules } from './personalityRules.ts';

export const BUILT_IN_LABEL = 'Built-in composer, no language model configured';

/** How each personality is written to: tone, length, what comes first, the call to action. */
type Style = {
  subject: (topic: string) => string;
  preheader: string;
  opening: (topic: string, org: string) => string;
  /** How this reader is greeted when the email names who it is for (emails_to). */
  greeting: (to: string) => string;
  /** The body, in the order this reader wants it. */
  body: (topic: string, articles: number) => string[];
  callToAction: string;
  /** The prompt's own words are quoted for readers who want the detail. */
  quotesPrompt: boolean;
};

const STYLES: Record<AiPersonalityType, Style> = {
  Dominant: {
    subject: (topic) => `${topic}: the results, in brief`,
    preheader: 'Two minutes, the outcome first.',
    opening: (topic) => `Straight to it: ${lower(topic)} moves results now.`,
    greeting: (to) => `${to}:`,
    body: (_topic, articles) => [
      articles > 0
        ? `The ${countWord(articles)} pieces below show what works. Pick one and act today.`
        : 'Decide today; we handle the rest.',
    ],
    callToAction: 'Get the results',
    quotesPrompt: false,
  },
  Influencer: {
    subject: (topic) => `You'll love this: ${lower(topic)}`,
    preheader: 'Ideas your team will want to talk about.',
    greeting: (to) => `Hi ${to}!`,
    opening: (topic, org) =>
      `Hello! Everyone at ${org} has been buzzing about ${lower(topic)}, and we wanted you in on it.`,
    body: (_topic, articles) => [
      'Teams like yours are already sharing what they have learned, and the stories are worth hearing.',
      articles > 0
        ? `We picked ${countWord(articles)} favourites below: share the one you like best.`
        : 'Tell us what you think: we read every reply.',
    ],
    callToAction: 'Join the conversation',
    quotesPrompt: false,
  },
  Steady: {
    subject: (topic) => `A simple guide to ${lower(topic)}`,
    preheader: 'Step by step, at your own pace.',
    greeting: (to) => `Dear ${to},`,
    opening: (topic) => `We know change takes time, so here is ${lower(topic)}, one calm step at a time.`,
    body: (_topic, articles) => [
      'First, look at what stays the same: your team and your way of working.',
      'Then take one small step. We are here to help whenever you need us.',
      ...(articles > 0 ? [`The ${countWord(articles)} reads below walk through it gently.`] : []),
    ],
    callToAction: 'See how it works',
    quotesPrompt: false,
  },
  Conscientious: {
    subject: (topic) => `${topic}: the details and the evidence`,
    preheader: 'The facts, the method and the sources.',
    greeting: (to) => `Dear ${to},`,
    opening: (topic) => `This email sets out ${lower(topic)} with the facts behind it.`,
    body: (_topic, articles) => [
      'What we looked at, how we measured it, and what the figures show are below, so you can check each point.',
      articles > 0
        ? `Sources: the ${countWord(articles)} articles at the end, each with its summary.`
        : 'Reply with any question: we will answer with the data.',
    ],
    callToAction: 'Read the details',
    quotesPrompt: true,
  },
  Others: {
    subject: (topic) => topic,
    preheader: 'What is new, and why it matters to you.',
    greeting: (to) => `Hello ${to},`,
    opening: (topic) => `Here is what is new about ${lower(topic)}.`,
    body: (_topic, articles) => [
      articles > 0
        ? `Read the ${countWord(articles)} selected articles below.`
        : 'Reply to this email to tell us what you would like to hear about.',
    ],
    callToAction: 'Read more',
    quotesPrompt: true,
  },
};

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countWord = (n: number) => NUMBER_WORDS[n] ?? String(n);
const lower = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text);

/** The prompt's topic: its first sentence, without a trailing full stop, cut at a word near 60 characters. */
export function topicOf(prompt: string): string {
  const first = prompt.trim().split(/(?<=[.!?])\s+/)[0] ?? '';
  const sentence = first
    .replace(/[.!?]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (sentence.length <= 60) return sentence || 'Our latest news';
  const cut = sentence.slice(0, 60);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 30 ? cut.lastIndexOf(' ') : 60)}…`;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Writes a variant by the personality's rules: the same request always gives the same draft. */
export function composeBuiltIn(request: AiDraftRequest): AiDraft {
  const style = STYLES[request.personality];
  const topic = topicOf(request.prompt);
  const articles = request.articles.length;
  const to = request.addressedTo?.trim() ?? '';
  const paragraphs = [
    ...(to ? [style.greeting(clip(to, 80))] : []),
    style.opening(topic, request.organisationName),
    ...(style.quotesPrompt ? [`You asked about: “${clip(request.prompt.trim(), 600)}”`] : []),
    ...style.body(topic, articles),
  ].map((p) => clip(p, AI_DRAFT_LIMITS.paragraph));
  return {
    subject: clip(style.subject(topic), AI_DRAFT_LIMITS.subject),
    preheader: style.preheader,
    heading: clip(topic, AI_DRAFT_LIMITS.heading),
    paragraphs: paragraphs.slice(0, AI_DRAFT_LIMITS.paragraphs),
    call_to_action: style.callToAction,
    include_articles: articles > 0,
  };
}

/** The composer used when no language model is configured: labelled as what it is. */
export const builtInComposer: AiComposer = {
  kind: 'built-in',
  label: BUILT_IN_LABEL,
  compose: async (request) => composeBuiltIn(request),
  suggest: async (facts) => personalityByRules(facts),
};
