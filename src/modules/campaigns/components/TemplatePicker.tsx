import { useEffect, useState } from 'react';
import type { TemplateSummary, TemplateTab } from '../../../../domain/publishAnswers.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import './TemplatePicker.css';

const TABS: { id: TemplateTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'featured_tab', label: 'Featured' },
  { id: 'shared_templates_tab', label: 'Shared' },
  { id: 'my_templates_tab', label: 'My templates' },
];

type Props = {
  /** What picking a template does (the designer applies it; an AI email lays its variants out in it). */
  onPick: (template: TemplateSummary) => void;
  /** The button's word ("Apply", "Use"). */
  pickLabel: string;
  /** The template being picked (its button shows the spinner). */
  busyId: number | null;
};

function TemplateList({ tab, onPick, pickLabel, busyId }: Props & { tab: TemplateTab }) {
  const { publishApi } = useServices();
  const toast = useToast();
  const list = useLoad<TemplateTab, { total_count: number; data: TemplateSummary[] }>(
    (which, signal) => publishApi.listTemplates({ tab: which, offset: 0, limit: 50, search: '' }, signal),
    `templates:${tab}`,
  );
  const { load } = list;
  useEffect(() => load(tab), [load, tab]);
  if (list.status === 'failure' && !list.data) {
    return (
      <LoadErrorPanel
        compact
        title="The templates could not be loaded"
        message={list.error?.message}
        onRetry={() => load(tab)}
      />
    );
  }
  if (!list.data) return <StatePanel compact kind="loading" title="Loading templates…" />;
  if (list.data.data.length === 0) {
    return (
      <StatePanel compact kind="empty" title="No templates here yet">
        {tab === 'my_templates_tab'
          ? 'Save a design as a template to find it here.'
          : 'Templates shared with your organisation appear here.'}
      </StatePanel>
    );
  }
  return (
    <ul className="template-picker__list" aria-label="Templates">
      {list.data.data.map((template) => (
        <li key={template.id} className="template-picker__item">
          {template.thumbnail ? (
            <img src={template.thumbnail} alt="" className="template-picker__thumb" />
          ) : null}
          <div className="template-picker__text">
            <p className="template-picker__name">{template.name}</p>
            {template.description ? <p className="template-picker__note">{template.description}</p> : null}
          </div>
          <Button
            size="sm"
            variant="secondary"
            loading={busyId === template.id}
            disabled={busyId !== null && busyId !== template.id}
            onClick={() => onPick(template)}
            aria-label={`${pickLabel} template ${template.name}`}
          >
            {pickLabel}
          </Button>
          {template.is_mine ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete template ${template.name}`}
              onClick={async () => {
                try {
                  await publishApi.deleteTemplate(template.id);
                  load(tab);
                } catch (error) {
                  toast.show({
                    tone: 'error',
                    message: error instanceof Error ? error.message : 'Not deleted.',
                  });
                }
              }}
            >
              Delete
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The organisation's templates in four tabs (all, featured, shared, mine), each with its pick button;
 * the user's own can be deleted. The designer's Templates panel and an AI email's Change template use it.
 */
export function TemplatePicker(props: Props) {
  const [tab, setTab] = useState<TemplateTab>('all');
  return (
    <Tabs
      label="Template tabs"
      selectedId={tab}
      onSelect={(id) => setTab(id as TemplateTab)}
      tabs={TABS.map((item) => ({
        id: item.id,
        label: item.label,
        content: item.id === tab ? <TemplateList tab={item.id} {...props} /> : null,
      }))}
    />
  );
}
