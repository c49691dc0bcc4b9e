import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { ChapterListItem } from '../../lib/api-types';
import { ROLE, ROLE_LABELS } from '../../lib/roles';
import { STAFF_ROLE_IDS, UserInviteInput, type AdminUser } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import { applyServerErrors, FormProblem, FormProvider, FormSelectField, FormTextField, useZodForm } from '../staff';
import { Panel, primaryClass } from './shared';

/** The API's invitation rules, from what the inputs hold: the chapter is a select's text, sent only for a chapter admin. */
const InviteFormSchema = z
  .object({ name: z.string(), email: z.string(), roleId: z.string(), chapterId: z.string() })
  .transform(({ chapterId, ...invite }) => ({
    ...invite,
    ...(invite.roleId === ROLE.chapterAdmin && chapterId ? { chapterId: Number(chapterId) } : {}),
  }))
  .pipe(UserInviteInput);

const blank = { name: '', email: '', roleId: ROLE.contentAdmin as string, chapterId: '' };

/** Invites a staff member: they are e-mailed a link to set their password. */
export default function InviteForm({ chapters, onInvited }: { chapters: ChapterListItem[]; onInvited: () => void }) {
  const form = useZodForm(InviteFormSchema, blank);
  const roleId = useWatch({ control: form.control, name: 'roleId' });

  const submit = form.handleSubmit(async (invite) => {
    try {
      const user = await api.post<AdminUser>('/admin/users', invite);
      toast.success(`Invitation sent to ${user.email}.`);
      form.reset(blank);
      onInvited();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem);
      toast.error(problem.message);
    }
  });

  return (
    <Panel id="invite-heading" title="Invite a staff member">
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-4 md:grid-cols-4">
          <FormTextField id="invite-name" name="name" label="Name" />
          <FormTextField id="invite-email" name="email" label="E-mail" type="email" />
          <FormSelectField id="invite-role" name="roleId" label="Role">
            {STAFF_ROLE_IDS.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </FormSelectField>
          {roleId === ROLE.chapterAdmin && (
            <FormSelectField id="invite-chapter" name="chapterId" label="Chapter">
              <option value="">Choose a chapter</option>
              {chapters.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </FormSelectField>
          )}
          <div className="flex items-end">
            <button type="submit" className={primaryClass} disabled={form.formState.isSubmitting}>
              Send invitation
            </button>
          </div>
          <div className="md:col-span-4">
            <FormProblem />
          </div>
        </form>
      </FormProvider>
    </Panel>
  );
}
