import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  CHAPTER_CONTACT_FIELDS,
  ChapterCreateInput,
  type AdminChapterDetail,
  type ChapterUpdate,
} from '../../lib/schemas/admin';
import { ROLE, type RoleId } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import { applyServerErrors, FormProblem, FormProvider, FormSelectField, FormTextField, useZodForm } from '../staff';
import { ChapterPlaceFields } from './ChapterPlaceFields';
import OfficeBearers from './OfficeBearers';
import { Panel, primaryClass } from './shared';

interface Props {
  chapter: AdminChapterDetail;
  roleId: RoleId;
  onChanged: () => void;
}

/** The API's own rules for a chapter, with the status as the select holds it. */
const ChapterEditForm = ChapterCreateInput.omit({ code: true, active: true }).extend({
  active: z.enum(['true', 'false']).transform((value) => value === 'true'),
});

/** A contact left empty is cleared (null), not saved as an empty text. */
function contactsOf(values: z.output<typeof ChapterEditForm>): ChapterUpdate {
  return Object.fromEntries(CHAPTER_CONTACT_FIELDS.map((name) => [name, values[name] || null]));
}

/**
 * One chapter: the super admin edits every field but the code and may deactivate it; a chapter
 * admin edits the contacts of its own chapter; the admin (role 5) reads.
 */
export default function ChapterEditor({ chapter, roleId, onChanged }: Props) {
  const superAdmin = roleId === ROLE.superAdmin;
  const canEdit = superAdmin || roleId === ROLE.chapterAdmin;
  const form = useZodForm(ChapterEditForm, {
    name: chapter.name,
    region: chapter.region,
    city: chapter.city,
    state: chapter.state,
    address: chapter.address ?? '',
    contactName: chapter.contactName ?? '',
    contactEmail: chapter.contactEmail ?? '',
    contactPhone: chapter.contactPhone ?? '',
    active: chapter.active ? 'true' : 'false',
  });

  const submit = form.handleSubmit(async (values) => {
    const contacts = contactsOf(values);
    const body: ChapterUpdate = superAdmin
      ? {
          ...contacts,
          name: values.name,
          region: values.region,
          city: values.city,
          state: values.state,
          active: values.active,
        }
      : contacts;
    try {
      await api.patch(`/admin/chapters/${chapter.id}`, body);
      toast.success('Chapter saved.');
      onChanged();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem);
      toast.error(problem.message);
    }
  });

  const readOnly = !canEdit;
  return (
    <div className="space-y-8">
      <Panel id="chapter-heading" title={`${chapter.name} (${chapter.code})`}>
        <p className="mt-1 text-sm text-slate-600">
          {chapter.region} region · {chapter.memberCount} members · {chapter.active ? 'Active' : 'Deactivated'}
        </p>
        <FormProvider {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
            {superAdmin && <ChapterPlaceFields idPrefix="chapter" />}
            <FormTextField id="chapter-address" name="address" label="Address" readOnly={readOnly} />
            <FormTextField id="chapter-contact" name="contactName" label="Contact person" readOnly={readOnly} />
            <FormTextField id="chapter-email" name="contactEmail" label="E-mail" type="email" readOnly={readOnly} />
            <FormTextField id="chapter-phone" name="contactPhone" label="Phone" type="tel" readOnly={readOnly} />
            {superAdmin && (
              <FormSelectField
                id="chapter-active"
                name="active"
                label="Status"
                hint="A deactivated chapter leaves the directory and keeps its code; chapters are never deleted."
              >
                <option value="true">Active</option>
                <option value="false">Deactivated</option>
              </FormSelectField>
            )}
            {canEdit && (
              <div className="flex items-end">
                <button type="submit" className={primaryClass} disabled={form.formState.isSubmitting}>
                  Save chapter
                </button>
              </div>
            )}
            <div className="md:col-span-2">
              <FormProblem />
            </div>
          </form>
        </FormProvider>
      </Panel>
      <OfficeBearers chapterId={chapter.id} bearers={chapter.officeBearers} canEdit={canEdit} onChanged={onChanged} />
    </div>
  );
}
