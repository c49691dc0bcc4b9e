import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { SelectField, TextField } from '../../components/forms/FormFields';
import { kolkataDate } from '../../lib/financial-year';
import { SCROLL_TEXT_MAX, ScrollMessageListQuery, type ScrollMessage } from '../../lib/schemas/admin';
import { ROLE } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import { ConfirmDialog, DataTable, useListQuery, useServerList, type ColumnDef } from '../staff';
import { buttonClass, dangerClass, Panel, primaryClass, useRole } from './shared';

const blank = () => {
  const today = kolkataDate(new Date());
  return { text: '', link: '', startsOn: today, endsOn: today, position: '', active: 'true' };
};

/** The super admin's ticker screen: messages with dates, order and active flag, and a preview. */
export default function ScrollMessagesAdmin() {
  const { loading, roleId } = useRole();
  const [form, setForm] = useState(blank);
  const [editing, setEditing] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<ScrollMessage | null>(null);
  const allowed = roleId === ROLE.superAdmin;
  const query = useListQuery(ScrollMessageListQuery);
  const list = useServerList<ScrollMessage>('/admin/scroll-messages', query.params, allowed);
  const load = list.reload;

  if (loading) return <p>Loading…</p>;
  if (!allowed) return <p role="alert">Only the super admin manages the ticker.</p>;

  const set = (name: keyof ReturnType<typeof blank>, value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    const body = {
      text: form.text,
      link: form.link.trim() || null,
      startsOn: form.startsOn,
      endsOn: form.endsOn,
      ...(form.position !== '' ? { position: Number(form.position) } : {}),
      active: form.active === 'true',
    };
    try {
      if (editing) await api.patch(`/admin/scroll-messages/${editing}`, body);
      else await api.post('/admin/scroll-messages', body);
      toast.success(editing ? 'Message saved.' : 'Message added.');
      setForm(blank());
      setEditing(null);
      await load();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setFields(problem.fields);
      toast.error(problem.message);
    } finally {
      setBusy(false);
    }
  };

  const edit = (m: ScrollMessage) => {
    setEditing(m.id);
    setFields({});
    setForm({
      text: m.text,
      link: m.link ?? '',
      startsOn: m.startsOn,
      endsOn: m.endsOn,
      position: String(m.position),
      active: String(m.active),
    });
  };

  const remove = async (m: ScrollMessage) => {
    setBusy(true);
    try {
      await api.delete(`/admin/scroll-messages/${m.id}`);
      toast.success('Message deleted.');
      await load();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const columns: ColumnDef<ScrollMessage>[] = [
    { id: 'position', header: 'Order', accessorKey: 'position', meta: { align: 'right' } },
    {
      id: 'text',
      header: 'Text',
      cell: ({ row: { original: m } }) => (
        <>
          {m.text}
          {m.link && <div className="text-xs text-slate-600">{m.link}</div>}
        </>
      ),
    },
    { id: 'dates', header: 'Dates', accessorFn: (m) => `${m.startsOn} to ${m.endsOn}` },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (m) => (m.current ? 'Shown now' : m.active ? 'Not in its dates' : 'Inactive'),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: m } }) => (
        <span className="flex gap-2 whitespace-nowrap">
          <button type="button" className={buttonClass} onClick={() => edit(m)} aria-label={`Edit “${m.text}”`}>
            Edit
          </button>
          <button
            type="button"
            className={dangerClass}
            onClick={() => setDeleting(m)}
            aria-label={`Delete “${m.text}”`}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];

  const preview = [
    ...(list.data?.items.filter((m) => m.current && m.id !== editing).map((m) => m.text) ?? []),
    ...(form.text.trim() ? [form.text.trim()] : []),
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <h1 className="text-2xl font-bold text-brand-800">Scroll messages</h1>
      <Panel id="scroll-form-heading" title={editing ? 'Edit the message' : 'New message'}>
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <TextField
              id="scroll-text"
              label="Text"
              value={form.text}
              maxLength={SCROLL_TEXT_MAX}
              error={fields.text}
              onChange={(e) => set('text', e.target.value)}
            />
          </div>
          <TextField
            id="scroll-link"
            label="Link (optional)"
            placeholder="/events or https://…"
            value={form.link}
            error={fields.link}
            onChange={(e) => set('link', e.target.value)}
          />
          <TextField
            id="scroll-position"
            label="Order (optional; lower shows first)"
            type="number"
            min={0}
            value={form.position}
            error={fields.position}
            onChange={(e) => set('position', e.target.value)}
          />
          <TextField
            id="scroll-starts"
            label="Shown from"
            type="date"
            value={form.startsOn}
            error={fields.startsOn}
            onChange={(e) => set('startsOn', e.target.value)}
          />
          <TextField
            id="scroll-ends"
            label="Shown until"
            type="date"
            value={form.endsOn}
            error={fields.endsOn}
            onChange={(e) => set('endsOn', e.target.value)}
          />
          <SelectField
            id="scroll-active"
            label="Status"
            value={form.active}
            error={fields.active}
            onChange={(e) => set('active', e.target.value)}
          >
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </SelectField>
          <div className="flex items-end gap-3">
            <button type="submit" className={primaryClass} disabled={busy}>
              {editing ? 'Save message' : 'Add message'}
            </button>
            {editing && (
              <button
                type="button"
                className={buttonClass}
                onClick={() => {
                  setEditing(null);
                  setForm(blank());
                  setFields({});
                }}
              >
                Cancel
              </button>
            )}
          </div>
        </form>
        <h3 className="mt-6 text-sm font-semibold uppercase tracking-wider text-slate-600">Preview</h3>
        <div
          aria-label="Ticker preview"
          className="mt-2 flex h-10 items-center gap-6 overflow-x-auto whitespace-nowrap rounded bg-[#0f2a4a] px-4 text-sm text-white"
        >
          <span className="font-bold uppercase text-amber-300">Latest</span>
          {preview.length ? (
            preview.map((text, i) => <span key={i}>{text}</span>)
          ) : (
            <span>No message is shown today.</span>
          )}
        </div>
      </Panel>
      <Panel id="scroll-list-heading" title="Messages">
        <DataTable
          caption="Ticker messages"
          columns={columns}
          list={list}
          query={query}
          noun="messages"
          getRowId={(m) => String(m.id)}
          empty="No messages yet."
        />
      </Panel>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this message?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        “{deleting?.text}” leaves the ticker and the list for good.
      </ConfirmDialog>
    </div>
  );
}
