import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnDef } from '@tanstack/react-table';
import type { ServerList } from './useServerList';
import type { TableQuery } from './DataTable';

vi.mock('../../stores/api-client', () => ({ api: {}, apiErrorOf: vi.fn() }));
const { DataTable, Pager, ConfirmDialog, attachmentName } = await import('./index');

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

describe('attachmentName', () => {
  it('reads the file name of an attachment', () => {
    expect(attachmentName('attachment; filename="notifications-2026-11-23.csv"')).toBe('notifications-2026-11-23.csv');
    expect(attachmentName(null)).toBeNull();
  });
});
