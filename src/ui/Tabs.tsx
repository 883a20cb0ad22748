import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import './Tabs.css';

export type TabItem = {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
};

export type TabsProps = {
  /** Accessible name of the tab list. */
  label: string;
  tabs: TabItem[];
  /** Controlled selection (with onSelect); without it the tabs keep their own. */
  selectedId?: string;
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
  /** "automatic": arrows select; "manual": arrows move focus, Enter or Space selects. */
  activation?: 'automatic' | 'manual';
};

/**
 * Tabs (WAI-ARIA tabs pattern): one Tab stop on the selected tab, Left/Right arrows move (wrapping,
 * skipping disabled tabs), Home/End jump to the first/last, the panel follows in the Tab order.
 */
export function Tabs({
  label,
  tabs,
  selectedId,
  defaultSelectedId,
  onSelect,
  activation = 'automatic',
}: TabsProps) {
  const baseId = useId();
  const firstEnabled = tabs.find((tab) => !tab.disabled)?.id;
  const [ownSelected, setOwnSelected] = useState(defaultSelectedId ?? firstEnabled);
  const selected = selectedId ?? ownSelected;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (selectedId === undefined) setOwnSelected(id);
    onSelect?.(id);
  };

  const enabled = tabs.filter((tab) => !tab.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const index = enabled.findIndex((tab) => tab.id === id);
    const count = enabled.length;
    let target: TabItem | undefined;
    if (event.key === 'ArrowRight') target = enabled[(index + 1) % count];
    else if (event.key === 'ArrowLeft') target = enabled[(index - 1 + count) % count];
    else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[count - 1];
    else if ((event.key === 'Enter' || event.key === ' ') && activation === 'manual') {
      event.preventDefault();
      select(id);
      return;
    }
    if (!target) return;
    event.preventDefault();
    tabRefs.current.get(target.id)?.focus();
    if (activation === 'automatic') select(target.id);
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  const current = tabs.find((tab) => tab.id === selected);
  // The Tab stop: the selected tab, or the first enabled one when nothing is selected.
  const tabStop = current && !current.disabled ? current.id : firstEnabled;

  return (
    <div className="ui-tabs">
      <div className="ui-tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) tabRefs.current.set(tab.id, el);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="ui-tabs__tab"
            aria-selected={tab.id === selected}
            aria-controls={tab.id === selected ? panelId(tab.id) : undefined}
            aria-disabled={tab.disabled || undefined}
            tabIndex={tab.id === tabStop ? 0 : -1}
            onClick={() => {
              if (!tab.disabled) select(tab.id);
            }}
            onKeyDown={(event) => onKeyDown(event, tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div
          className="ui-tabs__panel"
          role="tabpanel"
          id={panelId(current.id)}
          aria-labelledby={tabId(current.id)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the Tab order
          tabIndex={0}
        >
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
