import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { kolkataDate } from '../../lib/financial-year';
import {
  SCROLL_TEXT_MAX,
  ScrollMessageInput,
  ScrollMessageListQuery,
  type ScrollMessage,
} from '../../lib/schemas/admin';
import { ROLE } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  applyServerErrors,
  ConfirmDialog,
  DataTable,
  FormProblem,
  FormProvider,
  FormSelectField,
  FormTextField,
  useListQuery,
  useRemoval,
  useServerList,
  useZodForm,
  type ColumnDef,
} from '../staff';
import { buttonClass, dangerClass, Panel, primaryClass, useRole } from './shared';

/** The API's rules for a message, from what the inputs hold (an empty link or order is left out). */
const ScrollMessageForm = z
  .object({
    text: z.string(),
    link: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    position: z.string(),
    active: z.enum(['true', 'false']),
  })
  .transform(({ link, position, active, ...message }) => ({
    ...message,
    link: link.trim() || null,
    ...(position.trim() !== '' ? { position: Number(position) } : {}),
    active: active === 'true',
  }))
  .pipe(ScrollMessageInput);
type ScrollMessageFormValues = z.input<typeof ScrollMessageForm>;

const blank = (): ScrollMessageFormValues => {
  const today = kolkataDate(new Date());
  return { text: '', link: '', startsOn: today, endsOn: today, position: '', active: 'true' };
};

/** The super admin's ticker screen: messages with dates, order and active flag, and a preview. */
export default function ScrollMessagesAdmin() {
  const { loading, roleId } = useRole();
  const form = useZodForm(ScrollMessageForm, blank());
  const text = useWatch({ control: form.control, name: 'text' });
  const [editing, setEditing] = useState<number | null>(null);
  const allowed = roleId === ROLE.superAdmin;
  const query = useListQuery(ScrollMessageListQuery);
  const list = useServerList<ScrollMessage>('/admin/scroll-messages', query.params, allowed);
  const load = list.reload;
  const removal = useRemoval<ScrollMessage>(
    (m) => api.delete(`/admin/scroll-messages/${m.id}`),
    () => 'Message deleted.',
    load,
  );

  if (loading) return <p>Loading…</p>;
  if (!allowed) return <p role="alert">Only the super admin manages the ticker.</p>;

  const submit = form.handleSubmit(async (message) => {
    try {
      if (editing) await api.patch(`/admin/scroll-messages/${editing}`, message);
      else await api.post('/admin/scroll-messages', message);
      toast.success(editing ? 'Message saved.' : 'Message added.');
      form.reset(blank());
      setEditing(null);
      await load();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem);
      toast.error(problem.message);
    }
  });

  const edit = (m: ScrollMessage) => {
    setEditing(m.id);
    form.reset({
      text: m.text,
      link: m.link ?? '',
      startsOn: m.startsOn,
      endsOn: m.endsOn,
      position: String(m.position),
      active: m.active ? 'true' : 'false',
    });
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
            onClick={() => removal.ask(m)}
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
    ...(text.trim() ? [text.trim()] : []),
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <h1 className="text-2xl font-bold text-brand-800">Scroll messages</h1>
      <Panel id="scroll-form-heading" title={editing ? 'Edit the message' : 'New message'}>
        <FormProvider {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-4 md:grid-cols-2">
            <div className="md:col-span-2">
              <FormTextField id="scroll-text" name="text" label="Text" maxLength={SCROLL_TEXT_MAX} />
            </div>
            <FormTextField id="scroll-link" name="link" label="Link (optional)" placeholder="/events or https://…" />
            <FormTextField
              id="scroll-position"
              name="position"
              label="Order (optional; lower shows first)"
              type="number"
              min={0}
            />
            <FormTextField id="scroll-starts" name="startsOn" label="Shown from" type="date" />
            <FormTextField id="scroll-ends" name="endsOn" label="Shown until" type="date" />
            <FormSelectField id="scroll-active" name="active" label="Status">
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </FormSelectField>
            <div className="flex items-end gap-3">
              <button type="submit" className={primaryClass} disabled={form.formState.isSubmitting}>
                {editing ? 'Save message' : 'Add message'}
              </button>
              {editing && (
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => {
                    setEditing(null);
                    form.reset(blank());
                  }}
                >
                  Cancel
                </button>
              )}
            </div>
            <div className="md:col-span-2">
              <FormProblem />
            </div>
          </form>
        </FormProvider>
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
        open={removal.pending !== null}
        title="Delete this message?"
        confirmLabel="Delete"
        danger
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      >
        “{removal.pending?.text}” leaves the ticker and the list for good.
      </ConfirmDialog>
    </div>
  );
}
