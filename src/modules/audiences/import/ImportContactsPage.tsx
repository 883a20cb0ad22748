import { useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { AllListsLink } from '../components/lists/AllListsLink.tsx';
import { ImportProgressView } from './ImportProgressView.tsx';
import { ImportWizard } from './ImportWizard.tsx';
import '../components/lists/lists.css';

/** /audiences/lists/import: the import wizard; with ?import_id=N, that import's progress and report. */
export function ImportContactsPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const importId = Number(search.import_id);
  const watching = Number.isInteger(importId) && importId > 0;
  return (
    <div className="contact-import-page">
      <PageHeader
        eyebrow="Lists"
        title="Import contacts"
        description="Bring contacts in from a CSV file into a list. Contacts already known by their email are updated, never duplicated."
        actions={<AllListsLink />}
      />
      {watching ? <ImportProgressView key={importId} importId={importId} /> : <ImportWizard />}
    </div>
  );
}
