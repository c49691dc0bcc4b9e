import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { AwardCategoryBodySchema, type AdminEdition, type AwardCategory } from '../../../lib/schemas/natcon';
import { api } from '../../../stores/api-client';
import {
  ConfirmDialog,
  FormDialog,
  FormSelectField,
  FormTextField,
  useRemoval,
  useServerSubmit,
  useZodForm,
} from '../../staff';

const NOMINEES = { person: 'People', organisation: 'Organisations', either: 'People or organisations' } as const;
const buttonClass = 'rounded-md border border-slate-500 px-3 py-1 text-sm font-medium hover:bg-slate-50';
const blank = { name: '', criteria: '', nomineeKind: 'person' as const };

function AwardDialog({
  edition,
  award,
  open,
  onClose,
  onSaved,
}: {
  edition: AdminEdition;
  award: AwardCategory | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const form = useZodForm(AwardCategoryBodySchema, award ?? blank);
  useEffect(() => {
    if (open)
      form.reset(award ? { name: award.name, criteria: award.criteria, nomineeKind: award.nomineeKind } : blank);
  }, [open, award, form]);

  const { busy, submit: save } = useServerSubmit(form, async (body) => {
    if (award) await api.patch(`/admin/natcon/award-categories/${award.id}`, body);
    else await api.post(`/admin/natcon/editions/${edition.id}/award-categories`, body);
    toast.success(award ? `${body.name} saved.` : `${body.name} added.`);
    onSaved();
  });

  return (
    <FormDialog
      open={open}
      title={award ? `Change ${award.name}` : `New award of ${edition.title}`}
      form={form}
      onSubmit={save}
      confirmLabel={award ? 'Save the award' : 'Add the award'}
      busy={busy}
      onCancel={onClose}
    >
      <FormTextField id="award-name" name="name" label="Award" />
      <FormSelectField id="award-kind" name="nomineeKind" label="Who may be nominated">
        {Object.entries(NOMINEES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FormSelectField>
      <FormTextField id="award-criteria" name="criteria" label="Criteria" multiline rows={4} />
    </FormDialog>
  );
}

/** Award categories of an edition, with their criteria: added, changed, removed (not with nominations). */
export function AwardEditor({ edition, onChanged }: { edition: AdminEdition; onChanged: () => void }) {
  const [editing, setEditing] = useState<{ award: AwardCategory | null } | null>(null);
  const removal = useRemoval<AwardCategory>(
    (item) => api.delete(`/admin/natcon/award-categories/${item.id}`),
    (item) => `${item.name} removed.`,
    onChanged,
  );

  return (
    <section aria-labelledby="awards-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="awards-heading" className="font-semibold">
          Award categories
        </h3>
        <button type="button" className={buttonClass} onClick={() => setEditing({ award: null })}>
          New award
        </button>
      </div>
      <ul className="divide-y divide-slate-200 text-sm">
        {edition.awards.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="flex-1">
              <span className="font-medium">{a.name}</span> ({NOMINEES[a.nomineeKind]}): {a.criteria}
            </span>
            <button type="button" className={buttonClass} onClick={() => setEditing({ award: a })}>
              Change {a.name}
            </button>
            <button type="button" className={buttonClass} onClick={() => removal.ask(a)}>
              Remove {a.name}
            </button>
          </li>
        ))}
      </ul>
      <AwardDialog
        edition={edition}
        award={editing?.award ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
      <ConfirmDialog
        open={removal.pending !== null}
        title={`Remove ${removal.pending?.name ?? 'the award'}?`}
        confirmLabel={removal.busy ? 'Removing…' : 'Remove'}
        danger
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      >
        <p>Only an award nobody has been nominated for can be removed.</p>
      </ConfirmDialog>
    </section>
  );
}
