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
import type { ReadOptions } from '../../../src/modules/audiences/import/readCsvPreview.ts';
import type { ReadCsv } from '../../../src/modules/audiences/import/useCsvFile.ts';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { list } from './audienceFixtures.ts';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

const PREVIEW: CsvPreview = {
  ok: true,
  headers: ['E-mail', 'First Name', 'Surname', 'Notes'],
  rows: [
    { line: 2, cells: ['ana@example.test', 'Ana', 'Ortiz', ''] },
    { line: 3, cells: ['no-at-sign', 'Bad', 'Row', ''] },
    { line: 4, cells: ['', 'No', 'Email', ''] },
  ],
  totalRows: 1234,
  emptyRows: 0,
  delimiter: ',',
  encoding: 'utf-8',
  detectedEncoding: 'utf-8',
  certainEncoding: true,
  unreadableRows: 0,
  duplicates: { emails: 0, rows: 0 },
  emailColumn: 0,
};

function renderWizard(stubs: Partial<AudienceApi>, read: ReadCsv = async () => PREVIEW) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    component: () => <ImportWizard preview={read} />,
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
      customColumns: [],
      duplicatePolicy: 'first',
      delimiter: ',',
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

  it('says a file is not UTF-8, offers its encoding, reads it again in the one chosen and uploads it decoded that way', async () => {
    const latin1: CsvPreview = {
      ...(PREVIEW as Extract<CsvPreview, { ok: true }>),
      headers: ['email', 'first', 'last'],
      rows: [{ line: 2, cells: ['jose@example.test', 'José', 'Müller'] }],
      totalRows: 1,
      encoding: 'windows-1252',
      detectedEncoding: 'windows-1252',
      certainEncoding: false,
    };
    const asked: ReadOptions[] = [];
    const read: ReadCsv = async (_file, options = {}) => {
      asked.push(options);
      if (options.encoding === 'utf-8')
        return {
          ...latin1,
          encoding: 'utf-8',
          unreadableRows: 1,
          rows: [{ line: 2, cells: ['jose@example.test', 'Jos\uFFFD', 'M\uFFFDller'] }],
        };
      return latin1;
    };
    const sendImportChunk = vi.fn(async () => {});
    renderWizard(
      {
        listLists: async () => ({ total_count: 0, data: [] }),
        createImport: async () => ({ importId: 5, listId: 1 }),
        sendImportChunk,
        startImport: async () => {},
      },
      read,
    );
    const input = await screen.findByLabelText('CSV file', {}, SLOW);
    const bytes = Buffer.from('email,first,last\njose@example.test,José,Müller\n', 'latin1');
    fireEvent.change(input, { target: { files: [new File([bytes], 'latin.csv', { type: 'text/csv' })] } });
    await screen.findByText('This file is not UTF-8', {}, SLOW);
    expect(screen.getByTestId('import-row-count').textContent).toBe('1 row and 3 columns.');
    expect(screen.getByRole('button', { name: 'Import 1 row' })).toBeTruthy();
    const encoding = screen.getByLabelText('File encoding') as HTMLSelectElement;
    expect(encoding.value).toBe('windows-1252');
    expect(screen.getAllByTestId('import-preview-row')[0]?.textContent).toContain('Müller');

    fireEvent.change(encoding, { target: { value: 'utf-8' } });
    await screen.findByText('Characters that cannot be read', {}, SLOW);
    expect(asked.at(-1)).toEqual({ encoding: 'utf-8', emailColumn: 0 });
    expect(screen.getByText(/^1 row holds characters that UTF-8 \(Unicode\) cannot read/)).toBeTruthy();
    expect(screen.queryByText('This file is not UTF-8')).toBeNull();
    expect(screen.getAllByTestId('import-preview-row')[0]?.textContent).toContain(
      'First name holds a character that could not be read',
    );

    fireEvent.change(screen.getByLabelText('File encoding'), { target: { value: 'windows-1252' } });
    await waitFor(() => expect(screen.queryByText('Characters that cannot be read')).toBeNull(), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 row' }));
    await waitFor(() => expect(sendImportChunk).toHaveBeenCalled(), SLOW);
    expect(sendImportChunk).toHaveBeenCalledWith({
      importId: 5,
      seq: 0,
      text: 'email,first,last\njose@example.test,José,Müller\n',
    });
  });

  it('names on the field a file that is no CSV, and offers no next step', async () => {
    renderWizard({ listLists: async () => ({ total_count: 0, data: [] }) }, async () => ({
      ok: false,
      message:
        'This file is a PNG image, not a CSV file. Export your contacts as CSV (comma-separated values) and choose that file.',
    }));
    const input = await screen.findByLabelText('CSV file', {}, SLOW);
    fireEvent.change(input, { target: { files: [new File(['\x89PNG'], 'photo.csv')] } });
    await screen.findByText(/This file is a PNG image, not a CSV file/, {}, SLOW);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('import-row-count')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('maps company, website and country, keeps other columns as custom fields, and asks which repeated row counts', async () => {
    const withCompany: CsvPreview = {
      ...(PREVIEW as Extract<CsvPreview, { ok: true }>),
      headers: ['Email', 'Company', 'Website', 'Country', 'Shoe size'],
      rows: [
        {
          line: 2,
          cells: ['ana@example.test', 'Acme', 'acme.example', 'Spain', '38'],
          repeats: { first: 2, last: 9, rows: 2 },
        },
      ],
      totalRows: 40,
      duplicates: { emails: 2, rows: 3 },
    };
    const createImport = vi.fn(async () => ({ importId: 8, listId: 2 }));
    renderWizard(
      {
        listLists: async () => ({ total_count: 0, data: [] }),
        createImport,
        sendImportChunk: async () => {},
        startImport: async () => {},
      },
      async () => withCompany,
    );
    await chooseFile();
    expect((screen.getByLabelText('Company') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Company website') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('3');
    expect(
      screen.getByRole('heading', { name: '3. Choose which row of a repeated email counts' }),
    ).toBeTruthy();
    expect(screen.getByText(/^2 emails are in the file more than once \(3 extra rows\)/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Keep “Shoe size” as a custom field'));
    const firstRow = () => screen.getAllByTestId('import-preview-row')[0]?.textContent;
    expect(firstRow()).not.toContain('Same email');
    fireEvent.click(screen.getByLabelText('Import the last row of each email'));
    expect(firstRow()).toContain('Same email as row 9, which was imported instead');
    const header = within(screen.getByRole('region', { name: 'The first rows' })).getAllByRole(
      'columnheader',
    );
    expect(header.map((cell) => cell.textContent)).toEqual([
      'Row',
      'Email',
      'Company',
      'Company website',
      'Country',
      'Shoe size',
      'Problem',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Import 40 rows' }));
    await waitFor(() => expect(createImport).toHaveBeenCalled(), SLOW);
    expect(createImport).toHaveBeenCalledWith(
      expect.objectContaining({
        mapping: { email: 0, company: 1, website: 2, country: 3 },
        customColumns: [{ name: 'Shoe size', column: 4 }],
        duplicatePolicy: 'last',
      }),
    );
  });
});
