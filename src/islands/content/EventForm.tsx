import { useEffect, useState } from 'react';
import { z } from 'zod';
import { apiErrorOf, api } from '../../stores/api-client';
import {
  CONTENT_STATUSES,
  DESCRIPTION_MAX,
  EVENT_TYPES,
  EVENT_TYPE_LABELS,
  REGIONS,
  REGISTRATION_KINDS,
  UPLOAD_LIMITS,
  eventRuleErrors,
  megabytes,
  type EventItem,
  type ImageRef,
} from '../../lib/schemas/content';
import { FormProblem, FormProvider, FormSelectField, FormTextField, applyServerErrors, useZodForm } from '../staff';
import { SubmitButton } from '../../components/forms/FormFields';
import { FormArea, FormInput } from './fields';
import { EventAttachments } from './EventAttachments';
import { uploadFile } from './upload';

/**
 * The event form: what the API's `EventBody` takes, as the inputs hold it (dates and times in
 * Asia/Kolkata), checked with the same rules between fields before it is sent.
 */
const IST_OFFSET_MS = 330 * 60_000;

/** `2027-02-05T04:00:00.000Z` → `2027-02-05T09:30` for a datetime-local input, in Kolkata time. */
export function toKolkataInput(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
}
const fromKolkataInput = (value: string) => `${value}:00+05:30`;

const EventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Enter a title.').max(200),
    type: z.enum(EVENT_TYPES),
    region: z.string(),
    chapterId: z.string(),
    startsAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Give the start date and time.'),
    endsAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Give the end date and time.'),
    venue: z.string().trim().max(300),
    onlineUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Use an http(s) address.'),
    description: z.string().max(DESCRIPTION_MAX),
    registration: z.enum(REGISTRATION_KINDS),
    registrationUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Use an http(s) address.'),
    status: z.enum(CONTENT_STATUSES),
  })
  .superRefine((v, ctx) => {
    const errors = eventRuleErrors({
      ...v,
      chapterId: v.chapterId ? Number(v.chapterId) : null,
      startsAt: fromKolkataInput(v.startsAt),
      endsAt: fromKolkataInput(v.endsAt),
    });
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
type EventFormValues = z.input<typeof EventFormSchema>;

const blank: EventFormValues = {
  title: '',
  type: 'national',
  region: '',
  chapterId: '',
  startsAt: '',
  endsAt: '',
  venue: '',
  onlineUrl: '',
  description: '',
  registration: 'none',
  registrationUrl: '',
  status: 'draft',
};

function valuesOf(event: EventItem): EventFormValues {
  return {
    title: event.title,
    type: event.type,
    region: event.region ?? '',
    chapterId: event.chapterId ? String(event.chapterId) : '',
    startsAt: toKolkataInput(event.startsAt),
    endsAt: toKolkataInput(event.endsAt),
    venue: event.venue ?? '',
    onlineUrl: event.onlineUrl ?? '',
    description: event.description,
    registration: event.registration,
    registrationUrl: event.registrationUrl ?? '',
    status: event.status,
  };
}

interface Props {
  event: EventItem | null;
  chapters: { id: number; name: string }[];
  /** A chapter admin publishes only chapter events. */
  chapterOnly: boolean;
  onSaved(event: EventItem): void;
  onCancel(): void;
}

export function EventForm({ event, chapters, chapterOnly, onSaved, onCancel }: Props) {
  const initial = event
    ? valuesOf(event)
    : { ...blank, type: chapterOnly ? ('chapter' as const) : ('national' as const) };
  const form = useZodForm(EventFormSchema, initial);
  const [cover, setCover] = useState<ImageRef | null>(event?.cover ?? null);
  // Documents are saved as they are attached, apart from the form's Save.
  const [withDocuments, setWithDocuments] = useState<EventItem | null>(event);
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const type = form.watch('type');
  const registration = form.watch('registration');

  useEffect(
    () => form.reset(event ? valuesOf(event) : { ...blank, type: chapterOnly ? 'chapter' : 'national' }),
    [event, form, chapterOnly],
  );

  async function chooseCover(file: File | undefined) {
    if (!file) return;
    setCoverError(null);
    try {
      setCover(await uploadFile<ImageRef>('POST', '/content/images', { file }, setCoverProgress));
    } catch (error) {
      setCoverError((error as Error).message);
    } finally {
      setCoverProgress(null);
    }
  }

  const submit = form.handleSubmit(async (v) => {
    const body = {
      title: v.title,
      type: v.type,
      region: v.type === 'regional' ? v.region : null,
      chapterId: v.type === 'chapter' ? Number(v.chapterId) : null,
      startsAt: fromKolkataInput(v.startsAt),
      endsAt: fromKolkataInput(v.endsAt),
      venue: v.venue,
      onlineUrl: v.onlineUrl,
      description: v.description,
      coverImageId: cover?.id ?? null,
      registration: v.registration,
      registrationUrl: v.registrationUrl,
      status: v.status,
    };
    try {
      const saved = event
        ? await api.patch<EventItem>(`/content/events/${event.id}`, body)
        : await api.post<EventItem>('/content/events', body);
      onSaved(saved);
    } catch (failure) {
      applyServerErrors(form, await apiErrorOf(failure));
    }
  });

  const smallest = cover?.variants.find((v) => v.format === 'jpeg');
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold">{event ? `Edit “${event.title}”` : 'New event'}</h2>
        <FormProblem />
        <FormTextField id="event-title" name="title" label="Title" />
        <div className="grid gap-4 sm:grid-cols-3">
          <FormSelectField id="event-type" name="type" label="Type">
            {(chapterOnly ? (['chapter'] as const) : EVENT_TYPES).map((t) => (
              <option key={t} value={t}>
                {EVENT_TYPE_LABELS[t]}
              </option>
            ))}
          </FormSelectField>
          {type === 'regional' && (
            <FormSelectField id="event-region" name="region" label="Region">
              <option value="">Choose…</option>
              {REGIONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </FormSelectField>
          )}
          {type === 'chapter' && (
            <FormSelectField id="event-chapter" name="chapterId" label="Chapter">
              <option value="">Choose…</option>
              {chapters.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </FormSelectField>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput id="event-starts" name="startsAt" label="Starts (India time)" type="datetime-local" />
          <FormInput id="event-ends" name="endsAt" label="Ends (India time)" type="datetime-local" />
          <FormTextField id="event-venue" name="venue" label="Venue" />
          <FormInput id="event-online" name="onlineUrl" label="Online link" type="url" />
        </div>
        <FormArea
          id="event-description"
          name="description"
          label="Description (Markdown)"

          rows={8}
          hint="Headings (##), lists (-), **bold**, [links](https://…). HTML is not shown."
        />
        <div>
          <label htmlFor="event-cover" className="block text-sm font-medium">
            Cover picture
          </label>
          <input
            id="event-cover"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => void chooseCover(e.target.files?.[0])}
            aria-describedby="event-cover-hint"
            className="mt-1 block text-sm"
          />
          <p id="event-cover-hint" className="mt-1 text-sm text-slate-600">
            JPEG, PNG or WebP, at most {megabytes(UPLOAD_LIMITS.image.maxBytes)}. Location and camera data are removed.
          </p>
          {coverProgress !== null && (
            <progress max={1} value={coverProgress} aria-label="Cover upload" className="mt-1 w-48" />
          )}
          {coverError && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {coverError}
            </p>
          )}
          {cover && smallest && (
            <div className="mt-2 flex items-center gap-3">
              <img src={smallest.url} alt="The chosen cover" width={120} className="rounded" />
              <button type="button" className="text-sm text-red-700 underline" onClick={() => setCover(null)}>
                Remove cover
              </button>
            </div>
          )}
        </div>
        {withDocuments && <EventAttachments event={withDocuments} onChanged={setWithDocuments} />}
        <div className="grid gap-4 sm:grid-cols-3">
          <FormSelectField id="event-registration" name="registration" label="Registration">
            <option value="none">None</option>
            <option value="external">At another address</option>
            <option value="natcon">Register on this site (NATCON)</option>
          </FormSelectField>
          {registration === 'external' && (
            <FormInput id="event-registration-url" name="registrationUrl" label="Registration address" type="url" />
          )}
          <FormSelectField id="event-status" name="status" label="Status">
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </FormSelectField>
        </div>
        <div className="flex gap-3">
          <SubmitButton busy={form.formState.isSubmitting} busyLabel="Saving…">
            Save event
          </SubmitButton>
          <button type="button" onClick={onCancel} className="rounded-md border border-slate-500 px-4 py-2">
            Cancel
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
