import { useCallback, useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { SelectField, TextField } from '../../components/forms/FormFields';
import { kolkataDate } from '../../lib/financial-year';
import { SCROLL_TEXT_MAX, type ScrollMessage } from '../../lib/schemas/admin';
import type { Page } from '../../lib/notifications';
import { ROLE } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  dangerClass,
  PageButtons,
  Panel,
  primaryClass,
  buttonClass,
  tableClass,
  tdClass,
  thClass,
  useRole,
} from './shared';

const PAGE_SIZE = 20;

const blank = () => {
  const today = kolkataDate(new Date());
  return { text: '', link: '', startsOn: today, endsOn: today, position: '', active: 'true' };
};

/** The super admin's ticker screen: messages with dates, order and active flag, and a preview. */
export default function ScrollMessagesAdmin() {
  const { loading, roleId } = useRole();
  const [list, setList] = useState<Page<ScrollMessage> | null>(null);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState(blank);
  const [editing, setEditing] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowed = roleId === ROLE.superAdmin;

  const load = useCallback(async () => {
    try {
      setList(await api.get<Page<ScrollMessage>>('/admin/scroll-messages', { page, pageSize: PAGE_SIZE }));
      setError(null);
    } catch (failure) {
      setError((await apiErrorOf(failure)).message);
    }
  }, [page]);

  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);

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
    if (!window.confirm(`Delete the message “${m.text}”?`)) return;
    try {
      await api.delete(`/admin/scroll-messages/${m.id}`);
      toast.success('Message deleted.');
      await load();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };

  const preview = [
    ...(list?.items.filter((m) => m.current && m.id !== editing).map((m) => m.text) ?? []),
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
        {error && (
          <p role="alert" className="mt-2 text-red-700">
            {error}
          </p>
        )}
        {list && (
          <>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>Order</th>
                  <th className={thClass}>Text</th>
                  <th className={thClass}>Dates</th>
                  <th className={thClass}>Status</th>
                  <th className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((m) => (
                  <tr key={m.id}>
                    <td className={tdClass}>{m.position}</td>
                    <td className={tdClass}>
                      {m.text}
                      {m.link && <div className="text-xs text-slate-600">{m.link}</div>}
                    </td>
                    <td className={tdClass}>
                      {m.startsOn} to {m.endsOn}
                    </td>
                    <td className={tdClass}>{m.current ? 'Shown now' : m.active ? 'Not in its dates' : 'Inactive'}</td>
                    <td className={`${tdClass} space-x-2 whitespace-nowrap`}>
                      <button
                        type="button"
                        className={buttonClass}
                        onClick={() => edit(m)}
                        aria-label={`Edit “${m.text}”`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={dangerClass}
                        onClick={() => void remove(m)}
                        aria-label={`Delete “${m.text}”`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.items.length === 0 && <p className="mt-3 text-slate-600">No messages yet.</p>}
            <PageButtons
              label="Messages pages"
              page={list.page}
              pageSize={list.pageSize}
              total={list.total}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
    </div>
  );
}
