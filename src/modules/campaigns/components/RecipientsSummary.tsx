import { useEffect, useMemo } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import type { RecipientsCount } from '../../../../domain/editionSend.ts';
import { Card } from '../../../ui/Card.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';

export type ChosenAudience = { listIds: number[]; contactIds: number[] };
type Props = {
  lists: Map<number, string>;
  contacts: Map<number, string>;
  /** Counts who an audience reaches (an edition's or a campaign's counting call). */
  count: (audience: ChosenAudience, signal: AbortSignal) => Promise<RecipientsCount>;
};
type Audience = ChosenAudience;

const people = (n: number) => countOf(n, 'person', 'people');

/**
 * How many people this audience reaches, counted again (debounced; a newer count supersedes the one in
 * flight) as lists and contacts are chosen, and who it leaves out.
 */
export function RecipientsSummary({ lists, contacts, count: countAudience }: Props) {
  const key = `${[...lists.keys()].join(',')}|${[...contacts.keys()].join(',')}`;
  const settledKey = useDebouncedValue(key);
  const audience = useMemo<Audience>(() => {
    const [l = '', c = ''] = settledKey.split('|');
    const ids = (text: string) => (text ? text.split(',').map(Number) : []);
    return { listIds: ids(l), contactIds: ids(c) };
  }, [settledKey]);
  const count = useLoad<Audience, RecipientsCount>(
    (input, signal) => countAudience(input, signal),
    'recipientsCount',
  );
  const { load } = count;
  useEffect(() => load(audience), [audience, load]);

  const data = count.data;
  const excluded = data?.excluded;
  const left = excluded
    ? [
        excluded.unsubscribed ? `${people(excluded.unsubscribed)} unsubscribed` : null,
        excluded.bounced ? `${people(excluded.bounced)} whose address bounced` : null,
        excluded.no_consent ? `${people(excluded.no_consent)} without consent to marketing email` : null,
      ].filter((x): x is string => x !== null)
    : [];
  return (
    <Card title="Recipients">
      <div className="publish-page__count" aria-live="polite" data-testid="recipients-count">
        {count.status === 'failure' && count.error ? (
          <p className="publish-page__error">Fetching failed: {count.error.message}</p>
        ) : data ? (
          <>
            <p className="publish-page__count-number">
              {data.count === 0 ? 'Nobody yet' : `${people(data.count)} will receive it`}
              {count.status === 'loading' ? <Spinner size="sm" label="Counting again" /> : null}
            </p>
            {left.length > 0 ? (
              <p className="publish-page__note">Left out: {left.join(', ')}.</p>
            ) : (
              <p className="publish-page__note">Nobody chosen is left out.</p>
            )}
          </>
        ) : (
          <Spinner size="sm" label="Counting recipients" />
        )}
      </div>
    </Card>
  );
}
