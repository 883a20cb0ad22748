import { useState } from 'react';
import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import { decodeNumericReferences } from '../../../../domain/decodeNumericReferences.ts';
import { encodeEmojiReferences } from '../../../../domain/encodeEmojiReferences.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { ShowcaseExample } from './ShowcaseExample.tsx';
import { ShowcaseSection } from './ShowcaseSection.tsx';

const SAMPLES = [999, 1540, 999_950, 2_500_000, 1e9, -1540];

/** The formatters of domain that the UI shows numbers and subjects with. */
export function FormattingSection() {
  const [subject, setSubject] = useState('Big news 🚀 for you 😀');
  const encoded = encodeEmojiReferences(subject);
  return (
    <ShowcaseSection
      id="formatting"
      title="Formatting"
      description="From domain: the same code runs on the server."
    >
      <ShowcaseExample label="Numbers">
        <table className="showcase-numbers">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Thousands</th>
              <th scope="col">Short</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLES.map((value) => (
              <tr key={value}>
                <td>{String(value)}</td>
                <td>{formatThousands(value)}</td>
                <td>{abbreviateNumber(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ShowcaseExample>
      <ShowcaseExample label="Subject emojis (encoded on send, decoded for display)">
        <div className="showcase-stack">
          <TextField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} />
          <p className="showcase-mono">
            Sent: <code>{encoded}</code>
          </p>
          <p>Shown: {decodeNumericReferences(encoded)}</p>
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="User text, isolated (UserText): a name never reorders the words after it">
        <div className="showcase-stack">
          <p>Without: Created by {'\u202eLive Name'} yesterday</p>
          <p>
            With: Created by <UserText>{'\u202eLive Name'}</UserText> yesterday
          </p>
          <p>
            A right-to-left name: Sent to <UserText>שרה כהן</UserText> (3 opens)
          </p>
        </div>
      </ShowcaseExample>
    </ShowcaseSection>
  );
}
