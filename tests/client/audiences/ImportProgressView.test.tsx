import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactImportState, ImportRefusal } from '../../../domain/contactImport.ts';
import { type AudienceApi, audienceApi } from '../../../src/api/audienceApi.ts';
import { ImportProgressView } from '../../../src/modules/audiences/import/ImportProgressView.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { importState } from './audienceFixtures.ts';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

/** A finished import of one row, unless patched. */
const state = (patch: Partial<ContactImportState>) =>
  importState({ status: 'done', processed_rows: 1, total_rows: 1, inserted: 1, ...patch });

function renderView(data: ContactImportState, refusals: ImportRefusal[] = []) {
  const importStatus: AudienceApi['importStatus'] = async () => ({ data, refusals });
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    component: () => <ImportProgressView importId={7} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/audiences/lists/import'] }),
  });
  render(
    <ServicesContext.Provider value={{ ...appServices, audienceApi: { ...audienceApi, importStatus } }}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
}

describe('ImportProgressView', () => {
  it('says the import is done (not "Importing"), with its duplicates, empty rows and refused rows', async () => {
    renderView(
      state({
        processed_rows: 9,
        total_rows: 9,
        inserted: 4,
        updated: 1,
        refused: 1,
        duplicates: 2,
        empty_rows: 1,
      }),
      [
        {
          row_number: 3,
          reason: 'Same email as row 2, which was imported instead',
          email: 'a@x.test',
          kind: 'duplicate',
        },
        { row_number: 5, reason: 'Email is missing', email: '', kind: 'refused' },
      ],
    );
    expect(await screen.findByRole('heading', { name: 'Imported people.csv' }, SLOW)).toBeTruthy();
    expect(screen.queryByText(/Importing/)).toBeNull();
    expect(screen.getByText('9 rows read')).toBeTruthy();
    const counts = screen.getByTestId('import-counts');
    expect(within(counts).getByText('Duplicate rows').nextSibling?.textContent).toBe('2');
    expect(within(counts).getByText('Empty rows').nextSibling?.textContent).toBe('1');
    expect(screen.getByText(/the first row of each email was imported/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows not imported' });
    expect(within(table).getByText('Same email as row 2, which was imported instead')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download 3 rows not imported (CSV)' })).toBeTruthy();
  });

  it('counts one row as "1 row", and says when an import stopped', async () => {
    renderView(state({ status: 'running', processed_rows: 0, total_rows: 1, inserted: 0 }));
    expect(await screen.findByText('Importing 0 of 1 row', {}, SLOW)).toBeTruthy();
    cleanup();
    renderView(state({ status: 'failed', error: 'The file could not be imported.' }));
    expect(
      await screen.findByRole('heading', { name: 'The import of people.csv stopped' }, SLOW),
    ).toBeTruthy();
  });
});
