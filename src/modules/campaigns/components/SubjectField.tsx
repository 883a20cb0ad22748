import { SUBJECT_INBOX_LIMIT } from '../../../../domain/editionSend.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { subjectLength } from '../utils/publishForm.ts';

type Props = { value: string; error?: string; onChange: (subject: string) => void };

/** The subject as people read it (emojis shown, sent encoded), its length, a warning past 150. */
export function SubjectField({ value, error, onChange }: Props) {
  const length = subjectLength(value);
  const long = length > SUBJECT_INBOX_LIMIT;
  return (
    <TextField
      label="Subject"
      value={value}
      maxLength={300}
      autoComplete="off"
      error={error}
      hint={
        <span className={long ? 'publish-page__warn' : undefined} data-testid="subject-length">
          {length} characters
          {long ? ` — inboxes cut a subject off after about ${SUBJECT_INBOX_LIMIT}; shorten it.` : ''}
        </span>
      }
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
