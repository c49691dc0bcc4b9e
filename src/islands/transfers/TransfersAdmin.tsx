import { useEffect, useState } from 'react';
import type { ChapterListItem } from '../../lib/api-types';
import { formatDateTime } from '../../lib/format';
import {
  TRANSFER_STATE_LABELS,
  TRANSFER_STATES,
  TransferListQuery,
  type TransferItem,
} from '../../lib/schemas/transfers';
import { api } from '../../stores/api-client';
import {
  ChapterFilter,
  ChoiceFilter,
  DataTable,
  ListToolbar,
  SearchFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';
import { TransferDecisionDialog, type TransferDecision } from './TransferDecisionDialog';

const STATE_STYLE: Record<TransferItem['state'], string> = {
  pending: 'bg-sky-100 text-sky-900',
  approved: 'bg-green-100 text-green-900',
  refused: 'bg-red-100 text-red-900',
};

const linkButton = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * `/admin/transfers` (roles 2 and 5): members' requests to move chapter, filtered by state, chapter
 * (either side) and member (kept in the address), newest first; approve or refuse a pending one after a
 * confirmation; the list as CSV.
 */
export default function TransfersAdmin() {
  const query = useListQuery(TransferListQuery);
  const list = useServerList<TransferItem>('/admin/transfers', query.params);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);
  const [deciding, setDeciding] = useState<TransferDecision | null>(null);

  useEffect(() => {
    void api
      .get<ChapterListItem[]>('chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, []);

  const columns: ColumnDef<TransferItem>[] = [
    {
      id: 'requestedAt',
      header: 'Asked',
      enableSorting: true,
      cell: ({ row }) => formatDateTime(row.original.requestedAt),
    },
    {
      id: 'memberName',
      header: 'Member',
      enableSorting: true,
      cell: ({ row }) => `${row.original.memberName} (${row.original.memberNumber})`,
    },
    { id: 'from', header: 'From', cell: ({ row }) => row.original.fromChapter.name },
    { id: 'to', header: 'To', cell: ({ row }) => row.original.toChapter.name },
    { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason ?? '—' },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[row.original.state]}`}>
          {TRANSFER_STATE_LABELS[row.original.state]}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const transfer = row.original;
        if (transfer.state !== 'pending') {
          return [transfer.decidedBy, transfer.decisionNote].filter(Boolean).join(': ') || '—';
        }
        return (
          <div className="flex flex-wrap gap-3">
            <button type="button" className={linkButton} onClick={() => setDeciding({ transfer, decision: 'approve' })}>
              Approve<span className="sr-only"> the transfer of {transfer.memberName}</span>
            </button>
            <button type="button" className={linkButton} onClick={() => setDeciding({ transfer, decision: 'refuse' })}>
              Refuse<span className="sr-only"> the transfer of {transfer.memberName}</span>
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Chapter transfers</h1>
      <p className="mt-1 text-slate-700">
        Members ask in their portal, or staff record the request on the member’s record. Approving moves the member; the
        member and both chapters’ admins are told either way.
      </p>
      <ListToolbar params={query.params} csv={{ path: '/admin/transfers/export.csv', filename: 'transfers.csv' }}>
        <SearchFilter query={query} name="q" label="Member name or number" />
        <ChoiceFilter
          query={query}
          name="state"
          label="State"
          values={TRANSFER_STATES}
          labels={TRANSFER_STATE_LABELS}
        />
        <ChapterFilter query={query} chapters={chapters} />
      </ListToolbar>
      <DataTable
        caption="Chapter transfers"
        columns={columns}
        list={list}
        query={query}
        empty="No transfer request matches these filters."
        noun="transfer requests"
        getRowId={(row) => String(row.id)}
      />
      <TransferDecisionDialog
        pending={deciding}
        onCancel={() => setDeciding(null)}
        onDecided={() => {
          setDeciding(null);
          void list.reload();
        }}
      />
    </div>
  );
}
