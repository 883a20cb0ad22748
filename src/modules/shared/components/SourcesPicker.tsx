import type { SourceFilterEntry } from '../../../../domain/contentArticles.ts';
import './sourcesPicker.css';
import { Checkbox } from '../../../ui/Checkbox.tsx';

/** A source's key: `global` for the global pool, a feed's id as text (the advanced search's names). */
export const sourceKey = (entry: SourceFilterEntry) =>
  entry.type === 'global' ? 'global' : String(entry.data.id);

/** Every source that can be included: the global pool and the organisation's feeds. */
export const includableSources = (sources: SourceFilterEntry[]): string[] => sources.map(sourceKey);

type Props = {
  sources: SourceFilterEntry[];
  include: ReadonlySet<string>;
  exclude: ReadonlySet<string>;
  onToggle: (list: 'include' | 'exclude', id: string, on: boolean) => void;
  /** Shown under the include list when nothing is included (the explorer needs one source). */
  emptyIncludeError?: string;
};

/**
 * The content sources to include (the global pool and each feed of the organisation) and the sources of
 * the global pool to exclude: the content explorer's advanced search and a new campaign's sources.
 */
export function SourcesPicker({ sources, include, exclude, onToggle, emptyIncludeError }: Props) {
  const global = sources.find((entry) => entry.type === 'global');
  return (
    <>
      <fieldset className="sources-picker__group">
        <legend>Include sources</legend>
        {sources.map((entry) => {
          const id = sourceKey(entry);
          return (
            <Checkbox
              key={id}
              label={entry.type === 'global' ? `${entry.data.name} (default)` : entry.data.name}
              checked={include.has(id)}
              onChange={(event) => onToggle('include', id, event.target.checked)}
            />
          );
        })}
        {include.size === 0 && emptyIncludeError ? (
          <p className="sources-picker__error" role="alert">
            {emptyIncludeError}
          </p>
        ) : null}
      </fieldset>
      {global?.type === 'global' && global.data.sources.length > 0 ? (
        <fieldset className="sources-picker__group sources-picker__group--wide">
          <legend>Exclude sources of the global pool</legend>
          <div className="sources-picker__columns">
            {global.data.sources.map((source) => (
              <Checkbox
                key={source.id}
                label={source.name}
                checked={exclude.has(String(source.id))}
                onChange={(event) => onToggle('exclude', String(source.id), event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
