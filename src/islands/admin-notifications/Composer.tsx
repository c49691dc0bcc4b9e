import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FieldError, labelClass, SubmitButton } from '../../components/forms/FormFields';
import { NOTIFICATION_LINK_MAX, NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '../../lib/constants';
import type { AudienceType } from '../../lib/notifications';
import { ROLE_IDS, ROLE_LABELS } from '../../lib/roles';
import {
  SendNotificationBody,
  type SendNotification,
  type SendNotificationInput,
} from '../../lib/schemas/notifications';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  applyServerErrors,
  ConfirmDialog,
  FormProblem,
  FormProvider,
  FormSelectField,
  FormTextField,
  useZodForm,
} from '../staff';

interface ChapterOption {
  id: number;
  code: string;
  name: string;
}

const AUDIENCE_CHOICES: { type: AudienceType; label: string }[] = [
  { type: 'all', label: 'All users' },
  { type: 'chapter', label: 'A chapter' },
  { type: 'member', label: 'A member' },
  { type: 'role', label: 'A role' },
];

const EMPTY: SendNotificationInput = { title: '', message: '', link: '', audience: { type: 'all', id: '' } };

function useChapters(wanted: boolean) {
  const [chapters, setChapters] = useState<ChapterOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || chapters) return;
    api
      .get<ChapterOption[]>('/chapters')
      .then((list) => {
        setChapters(list);
        setError(null);
      })
      .catch(async (failure) => setError((await apiErrorOf(failure)).message));
  }, [wanted, chapters]);
  return { chapters, error };
}

function summaryOf(audience: SendNotificationInput['audience'], chapters: ChapterOption[] | null): string {
  const id = String(audience.id ?? '').trim();
  if (audience.type === 'all') return 'All users';
  if (audience.type === 'chapter') {
    const chapter = chapters?.find((c) => String(c.id) === id);
    return chapter ? `Chapter: ${chapter.name}` : 'A chapter (choose one)';
  }
  if (audience.type === 'member') return id ? `Member: ${id}` : 'A member';
  return `Role: ${ROLE_LABELS[id as keyof typeof ROLE_LABELS] ?? ''}`;
}

/**
 * Compose a notice with its audience and a live preview. The form checks with the API's own schema;
 * the server's messages (an audience that matches nobody) appear beside the same inputs. A notice to
 * all users is confirmed first: it reaches every account at once.
 */
export function Composer({ onSent }: { onSent(): void }) {
  const form = useZodForm(SendNotificationBody, EMPTY);
  const [title, message, link, audience] = useWatch({
    control: form.control,
    name: ['title', 'message', 'link', 'audience'],
  });
  const { chapters, error: chaptersError } = useChapters(audience.type === 'chapter');
  const [confirming, setConfirming] = useState<SendNotification | null>(null);
  const [sending, setSending] = useState(false);

  const chooseAudience = (type: AudienceType) => {
    form.setValue('audience', { type, id: type === 'role' ? '1' : '' });
    form.clearErrors('audience');
  };

  const send = async (body: SendNotification) => {
    setSending(true);
    const id = body.audience.type === 'all' ? undefined : body.audience.id;
    try {
      const sent = await api.post<{ id: number; recipients: number }>('/admin/notifications', {
        title: body.title,
        message: body.message,
        ...(body.link ? { link: body.link } : {}),
        audience: { type: body.audience.type, ...(id !== undefined ? { id } : {}) },
      });
      toast.success(`Sent to ${sent.recipients} ${sent.recipients === 1 ? 'recipient' : 'recipients'}.`);
      form.reset(EMPTY);
      onSent();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem);
      toast.error(problem.message);
    } finally {
      setSending(false);
      setConfirming(null);
    }
  };

  const submit = form.handleSubmit((body) => {
    if (body.audience.type === 'all') setConfirming(body);
    else return send(body);
  });

  const audienceError = form.formState.errors.audience?.id?.message ?? form.formState.errors.audience?.message;

  return (
    <FormProvider {...form}>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <FormProblem />
          <FormTextField id="notice-title" name="title" label="Title" maxLength={NOTIFICATION_TITLE_MAX} required />
          <FormTextField
            id="notice-message"
            name="message"
            label="Message"
            multiline
            rows={5}
            maxLength={NOTIFICATION_MESSAGE_MAX}
            required
          />
          <FormTextField
            id="notice-link"
            name="link"
            label="Link (optional)"
            maxLength={NOTIFICATION_LINK_MAX}
            placeholder="/events or https://…"
          />
          <fieldset>
            <legend className={labelClass}>Send to</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {AUDIENCE_CHOICES.map((choice) => (
                <label key={choice.type} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="audience-type"
                    value={choice.type}
                    checked={audience.type === choice.type}
                    onChange={() => chooseAudience(choice.type)}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
            {audience.type === 'chapter' && (
              <div className="mt-3">
                <FormSelectField id="notice-chapter" name="audience.id" label="Chapter">
                  <option value="">{chapters ? 'Choose a chapter' : 'Loading chapters…'}</option>
                  {chapters?.map((chapter) => (
                    <option key={chapter.id} value={chapter.id}>
                      {chapter.name} ({chapter.code})
                    </option>
                  ))}
                </FormSelectField>
                {chaptersError && <p className="mt-1 text-sm text-red-700">{chaptersError}</p>}
              </div>
            )}
            {audience.type === 'member' && (
              <div className="mt-3">
                <FormTextField id="notice-member" name="audience.id" label="Member number or e-mail" />
              </div>
            )}
            {audience.type === 'role' && (
              <div className="mt-3">
                <FormSelectField id="notice-role" name="audience.id" label="Role">
                  {ROLE_IDS.map((roleId) => (
                    <option key={roleId} value={roleId}>
                      {ROLE_LABELS[roleId]}
                    </option>
                  ))}
                </FormSelectField>
              </div>
            )}
            {audience.type === 'all' && <FieldError id="notice-audience-error" message={audienceError} />}
          </fieldset>
          <SubmitButton busy={sending} busyLabel="Sending…">
            Send notification
          </SubmitButton>
        </form>
        <section aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="font-semibold text-slate-900">
            Preview
          </h2>
          <p className="text-sm text-slate-600">To: {summaryOf(audience, chapters)}</p>
          <div className="mt-2 rounded-md border border-slate-200 bg-brand-50 p-4" data-testid="notification-preview">
            <p className="font-semibold text-slate-900">{title || 'Title'}</p>
            <p className="mt-1 whitespace-pre-line text-slate-800">{message || 'Message'}</p>
            {link?.trim() && <p className="mt-2 text-sm font-medium text-brand-700 underline">Open link</p>}
          </div>
        </section>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Send to all users?"
        confirmLabel="Send to all users"
        busy={sending}
        onConfirm={() => confirming && void send(confirming)}
        onCancel={() => setConfirming(null)}
      >
        Every active account receives “{confirming?.title}” at once, and those who asked for e-mail copies get one. A
        sent notice cannot be recalled.
      </ConfirmDialog>
    </FormProvider>
  );
}
