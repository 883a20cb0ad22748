import { type FormEvent, useState } from 'react';
import { AI_FAILURE_TEXTS } from '../../../../domain/aiEmails.ts';
import { AI_PERSONALITIES } from '../../../../domain/aiPersonalities.ts';
import { MAX_EMAIL_NAME } from '../../../../domain/campaignSchemas.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { FieldFrame } from '../../../ui/FieldFrame.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { AudienceChooser } from '../components/AudienceChooser.tsx';
import { PersonalityMark } from './PersonalityMark.tsx';
import type { AiEmailFields } from './useAiGeneration.ts';

/** What the form holds between a cancelled or failed generation and the next try. */
export type AiEmailFormState = {
  name: string;
  prompt: string;
  lists: Map<number, string>;
  contacts: Map<number, string>;
  personalities: Set<string>;
  emailsTo: string;
};

export const EMPTY_AI_EMAIL_FORM: AiEmailFormState = {
  name: '',
  prompt: '',
  lists: new Map(),
  contacts: new Map(),
  personalities: new Set(AI_PERSONALITIES.map((p) => p.letter)),
  emailsTo: '',
};

const MAX_PROMPT = 4_000;

type Errors = Partial<Record<'name' | 'prompt' | 'audience' | 'personalities', string>>;

/** The form's own checks: a name, a prompt, somebody to write to and at least one personality. */
export function aiEmailFormErrors(state: AiEmailFormState): Errors {
  const errors: Errors = {};
  const name = state.name.trim();
  if (!name) errors.name = 'Give the AI email a name.';
  else if (name.length > MAX_EMAIL_NAME)
    errors.name = `An email name is at most ${MAX_EMAIL_NAME} characters.`;
  const prompt = state.prompt.trim();
  if (!prompt) errors.prompt = 'Say what the email is about: the variants are written from it.';
  else if (prompt.length > MAX_PROMPT) errors.prompt = `A prompt is at most ${MAX_PROMPT} characters.`;
  if (state.lists.size === 0 && state.contacts.size === 0) errors.audience = AI_FAILURE_TEXTS.emptyAudience;
  if (state.personalities.size === 0) errors.personalities = 'Choose at least one personality.';
  return errors;
}

type Props = {
  campaignId: number;
  state: AiEmailFormState;
  onChange: (next: AiEmailFormState) => void;
  onSubmit: (fields: AiEmailFields) => void;
  /** Why the last generation did not make the email (the server's text), or why it stopped. */
  outcome: { tone: 'error' | 'info'; title: string; message: string } | null;
};

/**
 * "New AI email": its name, the prompt, the audience (lists and contacts, the publish step's pickers),
 * the personalities to write a variant for (each with its colour) and who the emails are addressed to.
 */
export function AiEmailForm({ campaignId, state, onChange, onSubmit, outcome }: Props) {
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<AiEmailFormState>, clear: keyof Errors) => {
    onChange({ ...state, ...patch });
    if (errors[clear]) setErrors({ ...errors, [clear]: undefined });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = aiEmailFormErrors(state);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit({
      name: state.name.trim().replace(/\s+/g, ' '),
      campaignId,
      prompt: state.prompt.trim(),
      listIds: [...state.lists.keys()],
      contactIds: [...state.contacts.keys()],
      personalities: AI_PERSONALITIES.filter((p) => state.personalities.has(p.letter)).map((p) => p.letter),
      emailsTo: state.emailsTo.trim(),
    });
  };
  const togglePersonality = (letter: string, on: boolean) => {
    const next = new Set(state.personalities);
    if (on) next.add(letter);
    else next.delete(letter);
    set({ personalities: next }, 'personalities');
  };
  return (
    <Form className="campaign-form ai-email-form" onSubmit={submit} noValidate aria-label="New AI email">
      <TextField
        label="Email name"
        value={state.name}
        autoComplete="off"
        error={errors.name}
        onChange={(event) => set({ name: event.target.value }, 'name')}
      />
      <FieldFrame
        label="Prompt"
        error={errors.prompt}
        hint="What the email says and asks for. Each personality's variant is written from it."
      >
        {(control) => (
          <textarea
            {...control}
            className="ui-field__input ai-email-form__prompt"
            rows={5}
            value={state.prompt}
            onChange={(event) => set({ prompt: event.target.value }, 'prompt')}
          />
        )}
      </FieldFrame>
      <fieldset
        className="ai-email-form__audience"
        aria-invalid={errors.audience ? true : undefined}
        aria-describedby={errors.audience ? 'ai-email-audience-error' : undefined}
      >
        <legend>Audience</legend>
        <p className="ai-email-form__note">
          Contacts are grouped by their personality; those without one get the Others variant.
        </p>
        <div className="ai-email-form__pickers">
          <AudienceChooser
            kind="lists"
            chosen={state.lists}
            onChange={(lists) => set({ lists }, 'audience')}
          />
          <AudienceChooser
            kind="contacts"
            chosen={state.contacts}
            onChange={(contacts) => set({ contacts }, 'audience')}
          />
        </div>
        {errors.audience ? (
          <p id="ai-email-audience-error" className="ai-email-form__error" role="alert">
            {errors.audience}
          </p>
        ) : null}
      </fieldset>
      <fieldset
        className="ai-email-form__personalities"
        aria-invalid={errors.personalities ? true : undefined}
        aria-describedby={errors.personalities ? 'ai-email-personalities-error' : undefined}
      >
        <legend>Personalities</legend>
        <p className="ai-email-form__note">
          One variant is written for each chosen personality in the audience.
        </p>
        <div className="ai-email-form__checks">
          {AI_PERSONALITIES.map((p) => (
            <Checkbox
              key={p.letter}
              label={<PersonalityMark type={p.type} withCode />}
              checked={state.personalities.has(p.letter)}
              onChange={(event) => togglePersonality(p.letter, event.target.checked)}
            />
          ))}
        </div>
        {errors.personalities ? (
          <p id="ai-email-personalities-error" className="ai-email-form__error" role="alert">
            {errors.personalities}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Addressed to"
        optional
        value={state.emailsTo}
        autoComplete="off"
        hint="Who the emails speak to, e.g. “Customers” or “Partners”."
        onChange={(event) => onChange({ ...state, emailsTo: event.target.value })}
      />
      {outcome ? (
        <Alert tone={outcome.tone} title={outcome.title}>
          {outcome.message}
        </Alert>
      ) : null}
      <div className="ai-email-form__actions">
        <Button type="submit">Write the variants</Button>
      </div>
    </Form>
  );
}
