import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../lib/format';
import { REQUEST_KIND_LABELS, REQUEST_KINDS, REQUEST_STATES } from '../../lib/schemas/privacy';
import { DeskQueueQuery, type DeskRequest } from '../../lib/schemas/privacy-desk';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  ChoiceFilter,
  ConfirmDialog,
  CsvDownloadButton,
  DataTable,
  SelectFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';
import { buttonClass, Panel } from '../admin/shared';
import { DeskNav, day } from './DeskNav';

type Action = 'approve' | 'reject' | 'answer' | 'note';

const ACTIONS: { value: Action; label: string; hint: string }[] = [
  { value: 'approve', label: 'Approve', hint: 'An erasure is carried out at once and cannot be undone.' },
  { value: 'reject', label: 'Reject', hint: 'The note is the reason the person reads.' },
  { value: 'answer', label: 'Answer and close', hint: 'The message is the answer the person reads.' },
  { value: 'note', label: 'Add a note', hint: 'For staff: the request stays open.' },
];

/** Whole days to the deadline, counting a part-day as a day (a request received today has 90 left). */
const daysTo = (dueAt: string) => Math.ceil((Date.parse(dueAt) - Date.now()) / 86_400_000);

function Deadline({ request }: { request: DeskRequest }) {
  const { deadline } = request;
  if (request.state !== 'open') return <span>Closed {request.closedAt ? day(request.closedAt) : ''}</span>;
  const left = daysTo(deadline.dueAt);
  return (
    <span className={deadline.overdue ? 'font-bold text-red-700' : left <= 10 ? 'text-amber-800' : ''}>
      {day(deadline.dueAt)}
      <span className="block text-xs">{deadline.overdue ? `${-left} days overdue` : `${left} days left`}</span>
    </span>
  );
}

/** The desk's queue of requests (roles 2 and 5): filters, deadlines, reminders, history and the actions. */
export default function PrivacyDesk() {
  const query = useListQuery(DeskQueueQuery);
  const list = useServerList<DeskRequest>('/admin/privacy/requests', query.params);
  const [open, setOpen] = useState<DeskRequest | null>(null);
  const [action, setAction] = useState<Action>('note');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const start = (request: DeskRequest) => {
    setOpen(request);
    setAction(request.state === 'open' ? (request.kind === 'grievance' ? 'answer' : 'approve') : 'note');
    setText('');
  };

  const submit = async () => {
    if (!open) return;
    setBusy(true);
    try {
      const body = action === 'answer' ? { message: text } : { note: text };
      await api.post(`/admin/privacy/requests/${open.id}/${action}`, body);
      toast.success(`Request ${open.id}: ${ACTIONS.find((a) => a.value === action)!.label.toLowerCase()} done.`);
      setOpen(null);
      void list.reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnDef<DeskRequest>[] = [
    { id: 'id', header: 'No.', accessorKey: 'id' },
    { id: 'kind', header: 'Kind', accessorFn: (r) => REQUEST_KIND_LABELS[r.kind] },
    {
      id: 'person',
      header: 'Person and request',
      cell: ({ row }) => (
        <span className="block max-w-md break-words">
          {row.original.email}
          <span className="block text-xs text-slate-700">{row.original.details}</span>
        </span>
      ),
    },
    { id: 'received', header: 'Received', accessorFn: (r) => day(r.receivedAt) },
    { id: 'due', header: 'Answer by', cell: ({ row }) => <Deadline request={row.original} /> },
    {
      id: 'reminders',
      header: 'Reminders',
      cell: ({ row }) => (
        <ul className="text-xs">
          {row.original.reminders.map((r) => (
            <li key={r.day}>
              {r.day} days: {day(r.at)}
              {r.sent ? ' (sent)' : ''}
            </li>
          ))}
        </ul>
      ),
    },
    { id: 'state', header: 'State', accessorKey: 'state' },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <button type="button" className={buttonClass} onClick={() => start(row.original)}>
          Handle {row.original.id}
        </button>
      ),
    },
  ];

  const allowed = open?.state === 'open' ? ACTIONS : ACTIONS.filter((a) => a.value === 'note');
  return (
    <Panel level={1} id="desk-heading" title="Privacy desk: requests">
      <DeskNav current="/admin/privacy" />
      <p className="text-sm text-slate-700">
        Each request must be answered within 90 days (DPDP Rules, rule 14); the grievance officer is reminded at 60 and
        80 days. Every action is kept in the request’s history and the activity log.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <ChoiceFilter
          query={query}
          name="kind"
          label="Kind"
          allLabel="Every kind"
          values={REQUEST_KINDS}
          labels={REQUEST_KIND_LABELS}
        />
        <SelectFilter query={query} name="state" label="State" allLabel="Every state">
          {REQUEST_STATES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectFilter>
        <CsvDownloadButton
          path="/admin/privacy/requests/export.csv"
          params={query.params}
          filename="privacy-requests.csv"
        />
      </div>
      <DataTable
        caption="Privacy requests"
        columns={columns}
        list={list}
        query={query}
        noun="requests"
        getRowId={(r) => String(r.id)}
        empty="No requests match these filters."
      />
      <ConfirmDialog
        open={open !== null}
        title={open ? `${REQUEST_KIND_LABELS[open.kind]} request ${open.id}` : ''}
        confirmLabel={busy ? 'Saving…' : 'Save'}
        danger={action === 'approve' && open?.kind === 'erasure'}
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => setOpen(null)}
      >
        {open && (
          <div className="space-y-3 text-sm">
            <p>
              From {open.email}: {open.details}
            </p>
            <h3 className="font-semibold">History</h3>
            <ol className="list-inside list-decimal text-xs">
              {open.history.map((h, i) => (
                <li key={i}>
                  {formatDateTime(h.at)} {h.action}
                  {h.note ? `: ${h.note}` : ''}
                </li>
              ))}
            </ol>
            <fieldset>
              <legend className="font-semibold">Action</legend>
              {allowed.map((a) => (
                <label key={a.value} className="mr-4 inline-flex items-center gap-1">
                  <input
                    type="radio"
                    name="desk-action"
                    value={a.value}
                    checked={action === a.value}
                    onChange={() => setAction(a.value)}
                  />
                  {a.label}
                </label>
              ))}
              <p className="text-xs text-slate-700">{ACTIONS.find((a) => a.value === action)!.hint}</p>
            </fieldset>
            <label className="block">
              <span className="font-semibold">
                {action === 'answer' ? 'Answer to the person' : 'Note, kept in the history'}
              </span>
              <textarea
                className="mt-1 block w-full rounded-md border border-slate-400 p-2"
                rows={3}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </label>
          </div>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
