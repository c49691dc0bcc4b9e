import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import type { ServerList } from './useServerList';
import type { TableQuery } from './DataTable';

vi.mock('../../stores/api-client', () => ({ api: {}, apiErrorOf: vi.fn() }));
const {
  DataTable,
  Pager,
  ConfirmDialog,
  NoteDecisionDialog,
  ChoiceFilter,
  ChapterFilter,
  ListToolbar,
  FormCard,
  FormCheckbox,
  useServerSubmit,
  useZodForm,
  attachmentName,
  applyServerErrors,
  SERVER_ERROR,
} = await import('./index');

interface Row {
  id: number;
  title: string;
  count: number;
}

const columns: ColumnDef<Row>[] = [
  { id: 'title', header: 'Title', accessorKey: 'title', enableSorting: true },
  { id: 'count', header: 'Read', accessorKey: 'count', meta: { align: 'right' } },
];

const query: TableQuery = {
  values: { page: 2, pageSize: 2, sort: { field: 'title', direction: 'desc' } },
  setPage: () => {},
  setSort: () => {},
  update: () => {},
};

function list(partial: Partial<ServerList<Row>>): ServerList<Row> {
  return { data: null, loading: false, error: null, reload: async () => {}, mutate: () => {}, ...partial };
}

const table = (l: ServerList<Row>) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, { caption: 'Things', columns, list: l, query, empty: 'None yet.' }),
  );

describe('DataTable', () => {
  it('shows loading, failure with a retry, and the empty text', () => {
    expect(table(list({ loading: true }))).toContain('role="status"');
    const failed = table(list({ error: 'Could not load.' }));
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Could not load.');
    expect(failed).toContain('Try again');
    expect(table(list({ data: { items: [], total: 0, page: 1, pageSize: 2 } }))).toContain('None yet.');
  });

  it('renders the page’s rows with the order marked on the sortable header and the pager', () => {
    const html = table(
      list({
        data: {
          items: [
            { id: 1, title: 'Zebra', count: 1000 },
            { id: 2, title: 'Yak', count: 2 },
          ],
          total: 5,
          page: 2,
          pageSize: 2,
        },
      }),
    );
    expect(html).toContain('<caption class="sr-only">Things</caption>');
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button/);
    expect(html).toMatch(/<th scope="col" class="py-2 pr-4 text-right">Read<\/th>/);
    expect(html).toContain('>Zebra</td>');
    expect(html).toContain('3–4 of 5');
    expect(html).toContain('Page 2 of 3');
  });
});

describe('Pager', () => {
  const pager = (page: number, total: number) =>
    renderToStaticMarkup(createElement(Pager, { page, pageSize: 20, total, onPage: () => {}, noun: 'notices' }));

  it('says which rows are shown, with Indian grouping', () => {
    expect(pager(1, 0)).toBe('');
    expect(pager(1, 7)).toContain('1–7 of 7 notices');
    expect(pager(1, 7)).not.toContain('Next');
    const html = pager(6, 123456);
    expect(html).toContain('101–120 of 1,23,456 notices');
    expect(html).toContain('Page 6 of 6,173');
  });

  it('offers a choice of page size only when given one and there are more rows than the smallest', () => {
    const withSizes = (total: number) =>
      renderToStaticMarkup(
        createElement(Pager, {
          page: 1,
          pageSize: 20,
          total,
          onPage: () => {},
          pageSizes: [20, 50],
          onPageSize: () => {},
        }),
      );
    expect(withSizes(45)).toContain('Rows per page');
    expect(withSizes(45)).toMatch(/<option value="20" selected="">20<\/option><option value="50">50<\/option>/);
    expect(withSizes(7)).not.toContain('Rows per page');
    expect(pager(1, 45)).not.toContain('Rows per page');
  });

  it('disables Previous on the first page and Next on the last', () => {
    expect(pager(1, 45)).toMatch(/disabled=""[^>]*>Previous/);
    expect(pager(3, 45)).toMatch(/disabled=""[^>]*>Next/);
  });
});

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its text, closed until opened', () => {
    const html = renderToStaticMarkup(
      createElement(ConfirmDialog, {
        open: false,
        title: 'Delete it?',
        confirmLabel: 'Delete',
        onConfirm: () => {},
        onCancel: () => {},
        children: 'This cannot be undone.',
      }),
    );
    const labelled = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(/^<dialog/);
    expect(html).not.toContain(' open');
    expect(html).toContain(`<h2 id="${labelled}"`);
    expect(html).toContain('This cannot be undone.');
  });
});

describe('NoteDecisionDialog', () => {
  const dialog = (refusing: boolean) =>
    renderToStaticMarkup(
      createElement(NoteDecisionDialog, {
        pending: {},
        title: refusing ? 'Refuse this?' : 'Approve this?',
        confirmLabel: refusing ? 'Refuse' : 'Approve',
        refusing,
        noteId: 'thing-note',
        reasonRequired: 'Say why.',
        send: async () => {},
        doneMessage: 'Done.',
        onCancel: () => {},
        onDecided: () => {},
        children: 'What happens.',
      }),
    );

  it('asks for an optional note to accept, and a reason with a destructive button to refuse', () => {
    expect(dialog(false)).toContain('Note (optional)');
    expect(dialog(false)).not.toContain('bg-red-700');
    expect(dialog(true)).toContain('>Reason<');
    expect(dialog(true)).toContain('bg-red-700');
    expect(dialog(true)).toContain('<p class="text-sm">What happens.</p>');
    expect(dialog(true)).toContain('id="thing-note"');
  });
});

describe('ListToolbar, ChoiceFilter and ChapterFilter', () => {
  const filterQuery = { params: { state: 'b', chapterId: '7' }, update: () => {} };

  it('shows each value by its label, the current one chosen, after "All"', () => {
    const html = renderToStaticMarkup(
      createElement(ChoiceFilter<'a' | 'b'>, {
        query: filterQuery,
        name: 'state',
        label: 'State',
        values: ['a', 'b'],
        labels: { a: 'Open', b: 'Closed' },
      }),
    );
    expect(html).toMatch(
      /<option value="">All<\/option><option value="a">Open<\/option><option value="b" selected="">Closed/,
    );
  });

  it('chooses a chapter by name, and puts the CSV after the filters', () => {
    const html = renderToStaticMarkup(
      createElement(ListToolbar, {
        params: filterQuery.params,
        csv: { path: '/admin/things/export.csv', filename: 'things.csv' },
        children: createElement(ChapterFilter, {
          query: filterQuery,
          chapters: [{ id: 7, name: 'Pune' }],
          allLabel: 'Any chapter',
        }),
      }),
    );
    expect(html).toContain('>Chapter</label>');
    expect(html).toMatch(/<option value="">Any chapter<\/option><option value="7" selected="">Pune/);
    expect(html).toMatch(/<\/select>.*<div class="ml-auto"><button[^>]*>Download CSV<\/button><\/div><\/div>$/s);
  });
});

describe('FormCard and FormCheckbox', () => {
  function Card() {
    const form = useZodForm(z.object({ shown: z.boolean() }), { shown: true });
    const sending = useServerSubmit(form, async () => {});
    return createElement(FormCard<{ shown: boolean }, { shown: boolean }>, {
      form,
      sending,
      id: 'thing',
      heading: 'Thing: details',
      submitLabel: 'Save the thing',
      children: createElement(FormCheckbox, { id: 'thing-shown', name: 'shown', label: 'Shown', className: 'text-sm' }),
    });
  }

  it('is a form named by its heading, with the bound checkbox and the submit button', () => {
    const html = renderToStaticMarkup(createElement(Card));
    expect(html).toMatch(/^<form noValidate="" aria-labelledby="thing-heading"/);
    expect(html).toContain('<h3 id="thing-heading" class="font-semibold">Thing: details</h3>');
    expect(html).toContain('<div class="flex items-center gap-2 text-sm"><input id="thing-shown" type="checkbox"');
    expect(html).toContain('<label for="thing-shown">Shown</label>');
    expect(html).toMatch(/<button type="submit"[^>]*>Save the thing<\/button><\/form>$/);
  });
});

describe('attachmentName', () => {
  it('reads the file name of an attachment', () => {
    expect(attachmentName('attachment; filename="notifications-2026-11-23.csv"')).toBe('notifications-2026-11-23.csv');
    expect(attachmentName(null)).toBeNull();
  });
});

describe('applyServerErrors', () => {
  function fakeForm(values: Record<string, unknown>) {
    const set: { name: string; message?: string; focus?: boolean }[] = [];
    const form = {
      getValues: () => values,
      setError: (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) =>
        set.push({ name, message: error.message, focus: options?.shouldFocus }),
    };
    return { form: form as unknown as Parameters<typeof applyServerErrors>[0], set };
  }

  it('puts each field’s message on its input, focusing the first, and the rest on the form', () => {
    const { form, set } = fakeForm({ title: '', audience: { type: 'member', id: 'x' } });
    applyServerErrors(form, {
      message: 'Some fields need attention.',
      fields: { title: 'Enter a title.', 'audience.id': 'No such member.', colour: 'Unknown field.' },
    });
    expect(set).toEqual([
      { name: 'title', message: 'Enter a title.', focus: true },
      { name: 'audience.id', message: 'No such member.', focus: false },
      { name: SERVER_ERROR, message: 'Some fields need attention. Unknown field.', focus: undefined },
    ]);
  });

  it('maps an API path to the form’s own name', () => {
    const { form, set } = fakeForm({ memberKey: '' });
    applyServerErrors(
      form,
      { message: 'Check it.', fields: { 'audience.id': 'No such member.' } },
      {
        'audience.id': 'memberKey',
      },
    );
    expect(set[0]).toEqual({ name: 'memberKey', message: 'No such member.', focus: true });
  });
});
