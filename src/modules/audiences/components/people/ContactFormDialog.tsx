import { type FormEvent, useRef, useState } from 'react';
import {
  BUYER_STAGES,
  type ContactFields,
  PERSONALITIES_BY_TYPE,
  PERSONALITY_TYPES,
  type PeopleTab,
  type PersonalityTypeName,
  type PersonRow,
} from '../../../../../domain/audiencePeople.ts';
import { contactFieldsSchema } from '../../../../../domain/audiencePeopleSchemas.ts';
import { type FieldErrors, validateFields } from '../../../../../domain/fieldErrors.ts';
import { toRequestFailure } from '../../../../../domain/requestFailure.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { TextField } from '../../../../ui/TextField.tsx';

type Field = keyof ContactFields;
const WIRE: Record<Field, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  designation: 'designation',
  organization: 'organization',
  phoneNumber: 'phone_number',
  industry: 'industry',
  personalityType: 'personality_type',
  personality: 'personality',
  buyerStage: 'buyer_stage',
  linkedinUrl: 'linkedin_url',
  twitterUrl: 'twitter_url',
};

/**
 * The form's first values: the contact's, or for a new one blanks, with the personality type a contact
 * created in the Profiled tab gets (Steady) shown as chosen, so the form shows what will be saved.
 */
export function fieldsOf(person: PersonRow | null, tab: PeopleTab = 'all'): ContactFields {
  return {
    firstName: person?.first_name ?? '',
    lastName: person?.last_name ?? '',
    email: person?.contact_email ?? '',
    designation: person?.designation ?? '',
    organization: person?.organization ?? '',
    phoneNumber: person?.phone_number ?? '',
    industry: person?.industry ?? '',
    personalityType: person ? (person.personality_type ?? '') : tab === 'profiled' ? 'Steady' : '',
    personality: person && person.personality !== 'N/A' ? person.personality : '',
    buyerStage: person?.buyer_stage ?? '',
    linkedinUrl: person?.linkedin_url ?? '',
    twitterUrl: person?.twitter_url ?? '',
  };
}

type Props = {
  /** The contact being edited; null: a new contact. */
  person: PersonRow | null;
  /** The tab the form was opened in (a new contact in Profiled starts as Steady). */
  tab?: PeopleTab;
  onClose: () => void;
  save: (fields: ContactFields) => Promise<void>;
};

/** Create or edit a contact; every field's problem shown under it (the server's duplicate address too). */
export function ContactFormDialog({ person, tab = 'all', onClose, save }: Props) {
  const [values, setValues] = useState<ContactFields>(() => fieldsOf(person, tab));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The server's refusal of an address (taken): shown under Email until the address changes. */
  const [refused, setRefused] = useState<{ email: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const check = (next: ContactFields): FieldErrors<Field> => {
    const wire = Object.fromEntries(Object.entries(next).map(([k, v]) => [WIRE[k as Field], v]));
    const result = validateFields(contactFieldsSchema, wire);
    if (result.ok) return {};
    const byWire = result.errors;
    return Object.fromEntries(
      (Object.keys(WIRE) as Field[]).flatMap((k) => (byWire[WIRE[k]] ? [[k, byWire[WIRE[k]]]] : [])),
    ) as FieldErrors<Field>;
  };
  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    if (field === 'personalityType') next.personality = '';
    setValues(next);
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: check(next)[field] }));
  };
  const text = (
    field: Field,
    label: string,
    extra: { type?: string; optional?: boolean; autoComplete?: string } = {},
  ) => (
    <TextField
      label={label}
      name={WIRE[field]}
      value={values[field]}
      error={
        errors[field] ?? (field === 'email' && refused?.email === values.email ? refused.message : undefined)
      }
      optional={extra.optional}
      type={extra.type ?? 'text'}
      autoComplete={extra.autoComplete ?? 'off'}
      onChange={(event) => set(field, event.target.value)}
      onBlur={() => values[field] !== '' && setErrors((prev) => ({ ...prev, [field]: check(values)[field] }))}
    />
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setBusy(true);
    try {
      await save(values);
    } catch (error) {
      const message = toRequestFailure(error).message;
      if (/email/i.test(message)) {
        setRefused({ email: values.email, message });
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus());
      } else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const type = values.personalityType as PersonalityTypeName | '';
  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title={person ? `Edit ${person.full_name}` : 'Create contact'}
      description={person ? undefined : 'A new contact is Subscribed.'}
    >
      <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit}>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="contact-form__grid">
          {text('firstName', 'First name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { autoComplete: 'family-name' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {text('phoneNumber', 'Phone number', { optional: true, type: 'tel' })}
          {text('designation', 'Job title', { optional: true })}
          {text('organization', 'Company', { optional: true })}
          {text('industry', 'Industry', { optional: true })}
          <Select
            label="Buyer stage"
            name="buyer_stage"
            value={values.buyerStage}
            error={errors.buyerStage}
            onChange={(event) => set('buyerStage', event.target.value)}
            options={[
              { value: '', label: person ? 'Keep as it is' : 'Awareness (default)' },
              ...BUYER_STAGES.map((s) => ({ value: s, label: s })),
            ]}
          />
          <Select
            label="Personality type"
            name="personality_type"
            value={values.personalityType}
            error={errors.personalityType}
            onChange={(event) => set('personalityType', event.target.value)}
            options={[
              { value: '', label: 'Unprofiled' },
              ...PERSONALITY_TYPES.map((t) => ({ value: t, label: t })),
            ]}
          />
          <Select
            label="Personality"
            name="personality"
            value={values.personality}
            error={errors.personality}
            disabled={type === ''}
            onChange={(event) => set('personality', event.target.value)}
            options={[
              { value: '', label: 'N/A' },
              ...(type
                ? PERSONALITIES_BY_TYPE[type].filter((p) => p !== 'N/A').map((p) => ({ value: p, label: p }))
                : []),
            ]}
          />
          {text('linkedinUrl', 'LinkedIn address', { optional: true, type: 'url' })}
          {text('twitterUrl', 'Twitter address', { optional: true, type: 'url' })}
        </div>
        <div className="contact-form__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {person ? 'Save changes' : 'Create contact'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
