import { useSearch } from '@tanstack/react-router';
import { FormEditor } from './FormEditor.tsx';
import { FormSubmissions } from './FormSubmissions.tsx';
import { FormsList } from './FormsList.tsx';
import './FormsPage.css';

/** A positive id from the address's form_id, or null. */
function formIdOf(search: Record<string, unknown>): number | null {
  const id = Number(search.form_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /audiences/forms: the organisation's forms; /audiences/forms/new and /audiences/forms/edit?form_id=N the
 * form builder; /audiences/forms/submissions?form_id=N a form's submissions.
 */
export function FormsPage({ tab }: { tab: string | undefined }) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const formId = formIdOf(search);
  if (tab === 'new') return <FormEditor formId={null} />;
  if (tab === 'edit' && formId !== null) return <FormEditor key={formId} formId={formId} />;
  if (tab === 'submissions' && formId !== null) return <FormSubmissions key={formId} formId={formId} />;
  return <FormsList />;
}
