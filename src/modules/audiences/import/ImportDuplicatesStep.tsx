import {
  DUPLICATE_POLICIES,
  DUPLICATE_POLICY_LABELS,
  type DuplicatePolicy,
} from '../../../../domain/contactImport.ts';
import { countOf, pluralNoun } from '../../../../domain/countOf.ts';
import { Card } from '../../../ui/Card.tsx';
import { Radio } from '../../../ui/Radio.tsx';

type Props = {
  title: string;
  duplicates: { emails: number; rows: number };
  policy: DuplicatePolicy;
  onPolicy: (policy: DuplicatePolicy) => void;
};

/**
 * The step shown when the file holds an email more than once: which of its rows is imported (the first,
 * the last, or none); the others are reported as duplicates, never counted as updates.
 */
export function ImportDuplicatesStep({ title, duplicates, policy, onPolicy }: Props) {
  return (
    <Card
      title={title}
      description={`${countOf(duplicates.emails, 'email', 'emails')} ${pluralNoun(duplicates.emails, 'is', 'are')} in the file more than once (${countOf(duplicates.rows, 'extra row', 'extra rows')}). One row of an email is imported; the others are reported as duplicates.`}
    >
      <fieldset className="import-wizard__choices">
        <legend className="ui-visually-hidden">Which row of a repeated email is imported</legend>
        {DUPLICATE_POLICIES.map((choice) => (
          <Radio
            key={choice}
            name="duplicate-policy"
            checked={policy === choice}
            onChange={() => onPolicy(choice)}
            label={DUPLICATE_POLICY_LABELS[choice]}
          />
        ))}
      </fieldset>
    </Card>
  );
}
