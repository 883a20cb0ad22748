import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type AudienceApi, audienceApi } from '../../../src/api/audienceApi.ts';
import type { CsvPreview } from '../../../src/modules/audiences/import/csvPreview.ts';
import { ImportWizard } from '../../../src/modules/audiences/import/ImportWizard.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { list } from './audienceFixtures.ts';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

const PREVIEW: CsvPreview = {
  ok: true,
  headers: ['E-mail', 'First Name', 'Surname', 'Notes'],
  rows: [
    ['ana@example.test', 'Ana', 'Ortiz', ''],
    ['no-at-sign', 'Bad', 'Row', ''],
    ['', 'No', 'Email', ''],
  ],
  totalRows: 1234,
};

function renderWizard(stubs: Partial<AudienceApi>) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    component: () => <ImportWizard preview={async () => PREVIEW} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/audiences/lists/import'] }),
  });
  render(
    <ServicesContext.Provider value={{ ...appServices, audienceApi: { ...audienceApi, ...stubs } }}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
  return router;
}

async function chooseFile() {
  const input = await screen.findByLabelText('CSV file', {}, SLOW);
  const file = new File(['E-mail,First Name\nana@example.test,Ana\n'], 'Spring leads.csv', {
    type: 'text/csv',
  });
  fireEvent.change(input, { target: { files: [file] } });
  await screen.findByTestId('import-row-count', {}, SLOW);
}

describe('ImportWizard', () => {
  it('guesses the columns, previews the first rows with their problems, and needs an email column', async () => {
    renderWizard({ listLists: async () => ({ total_count: 1, data: [list(3)] }) });
    await chooseFile();
    expect(screen.getByTestId('import-row-count').textContent).toBe('1,234 rows and 4 columns.');
    expect((screen.getByLabelText('Email') as HTMLSelectElement).value).toBe('0');
    expect((screen.getByLabelText('Last name') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Job title') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('New list name') as HTMLInputElement).value).toBe('Spring leads');
    const rows = screen.getAllByTestId('import-preview-row');
    expect(within(rows[0]!).getByText('—')).toBeTruthy();
    expect(within(rows[1]!).getByText('Email is not an email address')).toBeTruthy();
    expect(within(rows[2]!).getByText('Email is missing')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    expect(screen.getByText('Choose the column that holds the email address.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import 1,234 rows' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows a taken list name on the field, then uploads the file, starts the import and shows its address', async () => {
    const createImport = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'http', status: 400, message: 'List with that name already exists' }),
      )
      .mockResolvedValueOnce({ importId: 42, listId: 9 });
    const sendImportChunk = vi.fn(async () => {});
    const startImport = vi.fn(async () => {});
    const router = renderWizard({
      listLists: async () => ({ total_count: 0, data: [] }),
      createImport,
      sendImportChunk,
      startImport,
    });
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Import 1,234 rows' }));
    const field = screen.getByLabelText('New list name');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(screen.getByText('List with that name already exists')).toBeTruthy();
    expect(sendImportChunk).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'Spring leads 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 1,234 rows' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ import_id: 42 }), SLOW);
    expect(createImport).toHaveBeenLastCalledWith({
      fileName: 'Spring leads.csv',
      mapping: { email: 0, first_name: 1, last_name: 2 },
      headers: PREVIEW.ok ? PREVIEW.headers : [],
      totalRows: 1234,
      listName: 'Spring leads 2',
    });
    expect(sendImportChunk).toHaveBeenCalledWith({
      importId: 42,
      seq: 0,
      text: 'E-mail,First Name\nana@example.test,Ana\n',
    });
    expect(startImport).toHaveBeenCalledWith(42);
  });
});
