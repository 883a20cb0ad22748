import { type FormEvent, useEffect, useState } from 'react';
import {
  type AdvancedSearch,
  DEFAULT_ADVANCED_SEARCH,
  keywordList,
} from '../../../../domain/contentAdvancedSearch.ts';
import type { SourceFilterEntry } from '../../../../domain/contentArticles.ts';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { includableSources as includable, SourcesPicker } from '../../shared/components/SourcesPicker.tsx';

type Props = {
  value: AdvancedSearch;
  sources: SourceFilterEntry[];
  onApply: (value: AdvancedSearch) => void;
};

type Draft = {
  include: Set<string>;
  exclude: Set<string>;
  includeKeywords: string;
  excludeKeywords: string;
  startDate: string;
  endDate: string;
};

function toDraft(value: AdvancedSearch, sources: SourceFilterEntry[]): Draft {
  return {
    include: new Set(value.includeSources.length > 0 ? value.includeSources : includable(sources)),
    exclude: new Set(value.excludeSources),
    includeKeywords: value.includeKeywords.join(', '),
    excludeKeywords: value.excludeKeywords.join(', '),
    startDate: value.startDate,
    endDate: value.endDate,
  };
}

/**
 * The advanced search: the sources to include (the global pool and each feed) and to exclude (a source
 * of the global pool), keywords to include (any) and exclude, a date range. Apply runs it; Reset restores
 * the global pool and empties the exclusions, the keywords and the dates.
 */
export function AdvancedSearchPanel({ value, sources, onApply }: Props) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(value, sources));
  const sourcesKey = JSON.stringify(includable(sources));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list of sources (a feed added) starts again from what is applied
  useEffect(() => setDraft(toDraft(value, sources)), [value, sourcesKey]);
  const all = includable(sources);
  const dateError =
    draft.startDate && draft.endDate && draft.startDate > draft.endDate
      ? 'The end date is before the start date.'
      : undefined;

  const toggle = (key: 'include' | 'exclude', id: string, on: boolean) =>
    setDraft((current) => {
      const next = new Set(current[key]);
      if (on) next.add(id);
      else next.delete(id);
      return { ...current, [key]: next };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dateError || draft.include.size === 0) return;
    const everything = all.every((id) => draft.include.has(id));
    onApply({
      includeSources: everything ? [] : all.filter((id) => draft.include.has(id)),
      excludeSources: [...draft.exclude],
      includeKeywords: keywordList(draft.includeKeywords),
      excludeKeywords: keywordList(draft.excludeKeywords),
      startDate: draft.startDate,
      endDate: draft.endDate,
    });
  };

  const reset = () => {
    setDraft(toDraft(DEFAULT_ADVANCED_SEARCH, sources));
    onApply(DEFAULT_ADVANCED_SEARCH);
  };

  return (
    <Form className="advanced-search" aria-label="Advanced search" onSubmit={submit}>
      <SourcesPicker
        sources={sources}
        include={draft.include}
        exclude={draft.exclude}
        onToggle={toggle}
        emptyIncludeError="Include at least one source."
      />
      <div className="advanced-search__fields">
        <TextField
          label="Include keywords"
          hint="Any of them, separated by commas"
          value={draft.includeKeywords}
          onChange={(event) => setDraft((d) => ({ ...d, includeKeywords: event.target.value }))}
        />
        <TextField
          label="Exclude keywords"
          hint="None of them, separated by commas"
          value={draft.excludeKeywords}
          onChange={(event) => setDraft((d) => ({ ...d, excludeKeywords: event.target.value }))}
        />
        <TextField
          label="From"
          type="date"
          value={draft.startDate}
          onChange={(event) => setDraft((d) => ({ ...d, startDate: event.target.value }))}
        />
        <TextField
          label="To"
          type="date"
          value={draft.endDate}
          error={dateError}
          onChange={(event) => setDraft((d) => ({ ...d, endDate: event.target.value }))}
        />
      </div>
      <div className="advanced-search__actions">
        <Button type="button" variant="secondary" onClick={reset}>
          Reset
        </Button>
        <Button type="submit">Apply</Button>
      </div>
    </Form>
  );
}
