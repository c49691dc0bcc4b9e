import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { AdminEdition, EditionSummary } from '../../../lib/schemas/natcon';
import { EditionFormSchema, editionBodyOf, editionFormValuesOf } from '../../../lib/schemas/natcon-forms';
import { api } from '../../../stores/api-client';
import { FormCard, FormCheckbox, FormSelectField, FormTextField, useServerSubmit, useZodForm } from '../../staff';
import { PLACE_OF_SUPPLY_STATES } from '../../../lib/gst-states';

/**
 * An edition's details: title, year, theme, dates, venue and city, the registration window, the
 * programme and whether /natcon shows it. Checked as the API checks it; the server's refusals appear
 * beside the same fields.
 */
export function EditionForm({ edition, onSaved }: { edition: AdminEdition | null; onSaved: (id: number) => void }) {
  const form = useZodForm(EditionFormSchema, editionFormValuesOf(edition, new Date().getFullYear()));

  useEffect(() => form.reset(editionFormValuesOf(edition, new Date().getFullYear())), [edition, form]);

  const sending = useServerSubmit(form, async (values) => {
    const body = editionBodyOf(values);
    const saved = edition
      ? await api.put<EditionSummary>(`/admin/natcon/editions/${edition.id}`, body)
      : await api.post<EditionSummary>('/admin/natcon/editions', body);
    toast.success(edition ? `${saved.title} saved.` : `${saved.title} created.`);
    onSaved(saved.id);
  });

  const prefix = edition ? `edition-${edition.id}` : 'edition-new';
  return (
    <FormCard
      form={form}
      sending={sending}
      id={prefix}
      heading={edition ? `${edition.title}: details` : 'New edition'}
      submitLabel={edition ? 'Save the edition' : 'Create the edition'}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTextField id={`${prefix}-title`} name="title" label="Title" />
        <FormTextField id={`${prefix}-year`} name="year" label="Year" inputMode="numeric" />
        <FormTextField id={`${prefix}-theme`} name="theme" label="Theme" />
        <FormTextField id={`${prefix}-venue`} name="venue" label="Venue" />
        <FormTextField id={`${prefix}-city`} name="city" label="City" />
        <FormSelectField id={`${prefix}-state`} name="stateCode" label="State (place of supply for GST)">
          <option value="">Not set</option>
          {PLACE_OF_SUPPLY_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </FormSelectField>
        <FormTextField id={`${prefix}-starts`} name="startsOn" label="First day" type="date" />
        <FormTextField id={`${prefix}-ends`} name="endsOn" label="Last day" type="date" />
        <FormTextField
          id={`${prefix}-opens`}
          name="registrationOpensOn"
          label="Registration opens"
          type="date"
          hint="The first day registrations are taken (India time)."
        />
        <FormTextField
          id={`${prefix}-closes`}
          name="registrationClosesOn"
          label="Registration closes"
          type="date"
          hint="The last day registrations are taken."
        />
      </div>
      <FormTextField id={`${prefix}-programme`} name="programme" label="Programme" multiline rows={5} />
      <FormCheckbox id={`${prefix}-published`} name="published" label="Published on /natcon" className="text-sm" />
    </FormCard>
  );
}
