import { useState } from 'react';
import { z } from 'zod';
import { SubmitButton } from '../../components/forms/FormFields';
import { formatFileSize } from '../../lib/content-format';
import { isoDate } from '../../lib/schemas/common';
import {
  ABSTRACT_MAX,
  CONTENT_STATUSES,
  UPLOAD_LIMITS,
  megabytes,
  type ImageRef,
  type PublicationItem,
  type PublicationSeries,
} from '../../lib/schemas/content';
import { api, apiErrorOf } from '../../stores/api-client';
import { FormProblem, FormProvider, FormSelectField, FormTextField, applyServerErrors, useZodForm } from '../staff';
import { FormArea, FormInput } from './fields';
import { uploadFile } from './upload';

const optionalNumber = z
  .string()
  .trim()
  .refine((v) => v === '' || /^[1-9]\d{0,3}$/.test(v), 'Use a whole number from 1 to 9999.');
const IssueFormSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(200),
  volume: optionalNumber,
  number: optionalNumber,
  issueDate: isoDate,
  abstract: z.string().max(ABSTRACT_MAX),
  access: z.enum(['everyone', 'members']),
  status: z.enum(CONTENT_STATUSES),
});

interface Props {
  series: PublicationSeries;
  issue: PublicationItem | null;
  /** `done`: the form is finished with; otherwise the saved issue stays open (for its PDF). */
  onSaved(issue: PublicationItem, done: boolean): void;
  onCancel(): void;
}

/** An issue's details and cover; once saved, its PDF (up to 20 MB) is uploaded with a progress bar. */
export function PublicationForm({ series, issue, onSaved, onCancel }: Props) {
  const form = useZodForm(IssueFormSchema, {
    title: issue?.title ?? '',
    volume: issue?.volume ? String(issue.volume) : '',
    number: issue?.number ? String(issue.number) : '',
    issueDate: issue?.issueDate ?? new Date().toISOString().slice(0, 10),
    abstract: issue?.abstract ?? '',
    access: issue?.membersOnly ? 'members' : 'everyone',
    status: issue?.status ?? 'draft',
  });
  const [cover, setCover] = useState<ImageRef | null>(issue?.cover ?? null);
  const [progress, setProgress] = useState<{ what: string; value: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  async function upload(file: File | undefined, what: 'cover' | 'pdf') {
    if (!file) return;
    setFileError(null);
    try {
      if (what === 'cover') {
        setCover(
          await uploadFile<ImageRef>('POST', '/content/images', { file }, (value) => setProgress({ what, value })),
        );
      } else if (issue) {
        const saved = await uploadFile<PublicationItem>(
          'PUT',
          `/content/publications/${issue.id}/file`,
          { file },
          (value) => setProgress({ what, value }),
        );
        onSaved(saved, false);
      }
    } catch (error) {
      setFileError((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  const submit = form.handleSubmit(async (v) => {
    const body = {
      title: v.title,
      volume: v.volume ? Number(v.volume) : null,
      number: v.number ? Number(v.number) : null,
      issueDate: v.issueDate,
      abstract: v.abstract,
      coverImageId: cover?.id ?? null,
      membersOnly: v.access === 'members',
      status: v.status,
    };
    try {
      const saved = issue
        ? await api.patch<PublicationItem>(`/content/publications/${issue.id}`, body)
        : await api.post<PublicationItem>('/content/publications', { ...body, series });
      onSaved(saved, Boolean(issue));
    } catch (failure) {
      applyServerErrors(form, await apiErrorOf(failure));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold">{issue ? `Edit “${issue.title}”` : 'New issue'}</h2>
        <FormProblem />
        <FormTextField id="issue-title" name="title" label="Title" />
        <div className="grid gap-4 sm:grid-cols-3">
          <FormInput id="issue-volume" name="volume" label="Volume" inputMode="numeric" />
          <FormInput id="issue-number" name="number" label="Number" inputMode="numeric" />
          <FormInput id="issue-date" name="issueDate" label="Date" type="date" />
        </div>
        <FormArea id="issue-abstract" name="abstract" label="Abstract" rows={4} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelectField id="issue-access" name="access" label="Who may download the PDF">
            <option value="everyone">Everyone</option>
            <option value="members">Signed-in members and staff only</option>
          </FormSelectField>
          <FormSelectField id="issue-status" name="status" label="Status">
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </FormSelectField>
        </div>
        <div>
          <label htmlFor="issue-cover" className="block text-sm font-medium">
            Cover picture
          </label>
          <input
            id="issue-cover"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="mt-1 block text-sm"
            onChange={(e) => void upload(e.target.files?.[0], 'cover')}
          />
          {cover && <p className="mt-1 text-sm text-slate-700">A cover is chosen.</p>}
        </div>
        {issue ? (
          <div>
            <label htmlFor="issue-pdf" className="block text-sm font-medium">
              PDF {issue.pdfUrl ? '(replace)' : ''}
            </label>
            <input
              id="issue-pdf"
              type="file"
              accept="application/pdf"
              aria-describedby="issue-pdf-hint"
              className="mt-1 block text-sm"
              onChange={(e) => void upload(e.target.files?.[0], 'pdf')}
            />
            <p id="issue-pdf-hint" className="mt-1 text-sm text-slate-600">
              {issue.pdfUrl && issue.pdfSize ? `Attached: ${formatFileSize(issue.pdfSize)}. ` : ''}A PDF of at most{' '}
              {megabytes(UPLOAD_LIMITS.pdf.maxBytes)}.
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-700">Save the issue first, then attach its PDF.</p>
        )}
        {progress && (
          <progress max={1} value={progress.value} aria-label={`Upload of the ${progress.what}`} className="w-48" />
        )}
        {fileError && (
          <p role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
        <div className="flex gap-3">
          <SubmitButton busy={form.formState.isSubmitting} busyLabel="Saving…">
            Save issue
          </SubmitButton>
          <button type="button" onClick={onCancel} className="rounded-md border border-slate-500 px-4 py-2">
            {issue ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
