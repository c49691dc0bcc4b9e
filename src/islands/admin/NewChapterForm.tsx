import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { SelectField, TextField } from '../../components/forms/FormFields';
import { REGIONS, type AdminChapter } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import { Panel, primaryClass } from './shared';

const blank = { code: '', name: '', region: 'East', city: '', state: '' };

/** The super admin's form for a new chapter; the code is for ever (member numbers carry it). */
export default function NewChapterForm({ onCreated }: { onCreated: (id: number) => void }) {
  const [form, setForm] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof blank, value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const chapter = await api.post<AdminChapter>('/admin/chapters', form);
      toast.success(`Chapter ${chapter.code} created.`);
      setForm(blank);
      onCreated(chapter.id);
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setFields(problem.fields);
      toast.error(problem.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel id="new-chapter-heading" title="New chapter">
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-4 md:grid-cols-3">
        <TextField
          id="new-chapter-code"
          label="Code (never changes)"
          value={form.code}
          error={fields.code}
          onChange={(e) => set('code', e.target.value)}
        />
        <TextField
          id="new-chapter-name"
          label="Name"
          value={form.name}
          error={fields.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <SelectField
          id="new-chapter-region"
          label="Region"
          value={form.region}
          error={fields.region}
          onChange={(e) => set('region', e.target.value)}
        >
          {REGIONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </SelectField>
        <TextField
          id="new-chapter-city"
          label="City"
          value={form.city}
          error={fields.city}
          onChange={(e) => set('city', e.target.value)}
        />
        <TextField
          id="new-chapter-state"
          label="State"
          value={form.state}
          error={fields.state}
          onChange={(e) => set('state', e.target.value)}
        />
        <div className="flex items-end">
          <button type="submit" className={primaryClass} disabled={busy}>
            Create chapter
          </button>
        </div>
      </form>
    </Panel>
  );
}
