import { useEffect, useState } from 'react';
import { Alert } from '../../../ui/Alert.tsx';
import { useServices } from '../hooks/ServicesContext.ts';
import { useLoad } from '../hooks/useLoad.ts';
import { includableSources, SourcesPicker } from './SourcesPicker.tsx';

/** A campaign's content sources as create_campaign/ takes them (none included: the default, everything). */
export type CampaignSources = { includeSources: string[]; excludeSources: string[] };

type Props = {
  onChange: (value: CampaignSources) => void;
  /** The sources chosen so far (a campaign's stored ones); none included: everything. */
  initial?: CampaignSources;
  /** What the hint under the legend says. */
  hint?: string;
};

/**
 * The new campaign's content sources: the content explorer's source picker over the same article_sources/
 * answer (the global pool, the organisation's feeds, the global pool's sources to exclude). Everything is
 * included at first, which is stored as the default; a failed load leaves the default and says so.
 */
export function CampaignSourcesField({ onChange, initial, hint }: Props) {
  const api = useServices().contentApi;
  const sources = useLoad((_: null, signal) => api.listSources(signal), 'campaignSources');
  const { load } = sources;
  useEffect(() => load(null), [load]);
  const entries = sources.data;
  const [include, setInclude] = useState<Set<string> | null>(() =>
    initial && initial.includeSources.length > 0 ? new Set(initial.includeSources) : null,
  );
  const [exclude, setExclude] = useState<Set<string>>(() => new Set(initial?.excludeSources ?? []));
  const all = entries ? includableSources(entries) : [];
  const included = include ?? new Set(all);

  const toggle = (list: 'include' | 'exclude', id: string, on: boolean) => {
    const next = new Set(list === 'include' ? included : exclude);
    if (on) next.add(id);
    else next.delete(id);
    const nextInclude = list === 'include' ? next : included;
    const nextExclude = list === 'exclude' ? next : exclude;
    if (list === 'include') setInclude(next);
    else setExclude(next);
    const everything = all.every((key) => nextInclude.has(key));
    onChange({
      includeSources: everything ? [] : all.filter((key) => nextInclude.has(key)),
      excludeSources: [...nextExclude],
    });
  };

  return (
    <fieldset className="campaign-form__sources" aria-busy={sources.status === 'loading' || undefined}>
      <legend>Content sources</legend>
      <p className="campaign-form__hint">
        {hint ??
          "Where this campaign's articles come from. The content explorer starts from these when you curate for it."}
      </p>
      {entries ? (
        <SourcesPicker
          sources={entries}
          include={included}
          exclude={exclude}
          onToggle={toggle}
          emptyIncludeError="No source included: the campaign will use the global pool and all your feeds."
        />
      ) : sources.status === 'failure' ? (
        <Alert tone="warning" title="Your sources could not be loaded">
          The campaign will use the global pool and all your feeds.
        </Alert>
      ) : (
        <p>Loading your sources…</p>
      )}
    </fieldset>
  );
}
