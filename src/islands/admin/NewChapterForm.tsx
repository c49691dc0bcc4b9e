import toast from 'react-hot-toast';
import { ChapterCreateInput, type AdminChapter } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import { applyServerErrors, FormProblem, FormProvider, FormTextField, useZodForm } from '../staff';
import { ChapterPlaceFields } from './ChapterPlaceFields';
import { Panel, primaryClass } from './shared';

const blank = { code: '', name: '', region: 'East' as const, city: '', state: '' };

/** The super admin's form for a new chapter; the code is for ever (member numbers carry it). */
export default function NewChapterForm({ onCreated }: { onCreated: (id: number) => void }) {
  const form = useZodForm(ChapterCreateInput, blank);

  const submit = form.handleSubmit(async (values) => {
    try {
      const chapter = await api.post<AdminChapter>('/admin/chapters', values);
      toast.success(`Chapter ${chapter.code} created.`);
      form.reset(blank);
      onCreated(chapter.id);
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem);
      toast.error(problem.message);
    }
  });

  return (
    <Panel id="new-chapter-heading" title="New chapter">
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-4 md:grid-cols-3">
          <FormTextField id="new-chapter-code" name="code" label="Code (never changes)" />
          <ChapterPlaceFields idPrefix="new-chapter" />
          <div className="flex items-end">
            <button type="submit" className={primaryClass} disabled={form.formState.isSubmitting}>
              Create chapter
            </button>
          </div>
          <div className="md:col-span-3">
            <FormProblem />
          </div>
        </form>
      </FormProvider>
    </Panel>
  );
}
