import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { api, apiErrorOf } from '../stores/api-client';
import {
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE_DEFAULT,
  NOTIFICATION_TITLE_MAX,
} from '../lib/constants';
import type { AudienceType, Page, SentNotificationItem } from '../lib/notifications';
import { ROLE_IDS, ROLE_LABELS, ROLE } from '../lib/roles';
import { session } from '../stores/session';
import { FieldError, SelectField, SubmitButton, TextField, labelClass } from '../components/forms/FormFields';

interface ChapterOption {
  id: number;
  code: string;
  name: string;
}

type History = Page<SentNotificationItem>;

const AUDIENCE_CHOICES: { type: AudienceType; label: string }[] = [
  { type: 'all', label: 'All users' },
  { type: 'chapter', label: 'A chapter' },
  { type: 'member', label: 'A member' },
  { type: 'role', label: 'A role' },
];

const emptyForm = {
  title: '',
  message: '',
  link: '',
  audienceType: 'all' as AudienceType,
  chapterId: '',
  member: '',
  roleId: '1',
};

/** The super admin's notifications screen: compose (with audience and preview) and the history with read counts. */
export default function AdminNotifications() {
  const $session = useStore(session);
  const [form, setForm] = useState(emptyForm);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [chapters, setChapters] = useState<ChapterOption[] | null>(null);
  const [chaptersError, setChaptersError] = useState<string | null>(null);
  const [history, setHistory] = useState<History | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const isSuperAdmin = $session.status === 'authenticated' && $session.data?.user.roleId === ROLE.superAdmin;

  const loadHistory = useCallback(async () => {
    try {
      setHistory(await api.get<History>('/admin/notifications', { page, pageSize: NOTIFICATION_PAGE_SIZE_DEFAULT }));
      setHistoryError(null);
    } catch (failure) {
      setHistoryError((await apiErrorOf(failure)).message);
    }
  }, [page]);

  useEffect(() => {
    if (isSuperAdmin) void loadHistory();
  }, [isSuperAdmin, loadHistory]);

  useEffect(() => {
    if (!isSuperAdmin || form.audienceType !== 'chapter' || chapters) return;
    api
      .get<ChapterOption[]>('/chapters')
      .then((list) => {
        setChapters(list);
        setChaptersError(null);
      })
      .catch(async (failure) => setChaptersError((await apiErrorOf(failure)).message));
  }, [isSuperAdmin, form.audienceType, chapters]);

  if ($session.status === 'loading') return <p className="text-slate-600">Loading…</p>;
  if (!isSuperAdmin) {
    return <p role="alert">Only the super admin sends notifications.</p>;
  }

  const update = (name: keyof typeof emptyForm, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    // A message about the old value would be wrong about the new one.
    setFields((current) => {
      const key = ['audienceType', 'chapterId', 'member', 'roleId'].includes(name) ? 'audience.id' : name;
      if (!(key in current)) return current;
      const rest = { ...current };
      delete rest[key];
      return rest;
    });
  };

  const audienceId = (): string | undefined => {
    if (form.audienceType === 'chapter') return form.chapterId;
    if (form.audienceType === 'member') return form.member.trim();
    if (form.audienceType === 'role') return form.roleId;
    return undefined;
  };

  const audienceSummary = (): string => {
    if (form.audienceType === 'all') return 'All users';
    if (form.audienceType === 'chapter') {
      const chapter = chapters?.find((c) => String(c.id) === form.chapterId);
      return chapter ? `Chapter: ${chapter.name}` : 'A chapter (choose one)';
    }
    if (form.audienceType === 'member') return form.member.trim() ? `Member: ${form.member.trim()}` : 'A member';
    return `Role: ${ROLE_LABELS[form.roleId as keyof typeof ROLE_LABELS]}`;
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setFields({});
    const id = audienceId();
    try {
      const sent = await api.post<{ id: number; recipients: number }>('/admin/notifications', {
        title: form.title,
        message: form.message,
        ...(form.link.trim() ? { link: form.link.trim() } : {}),
        audience: { type: form.audienceType, ...(id !== undefined ? { id } : {}) },
      });
      toast.success(`Sent to ${sent.recipients} ${sent.recipients === 1 ? 'recipient' : 'recipients'}.`);
      setForm(emptyForm);
      if (page === 1) void loadHistory();
      else setPage(1);
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setFields(problem.fields);
      toast.error(problem.message);
    } finally {
      setSending(false);
    }
  };

  const pages = history ? Math.max(1, Math.ceil(history.total / history.pageSize)) : 1;

  return (
    <div className="mx-auto max-w-5xl space-y-10">
      <section aria-labelledby="compose-heading">
        <h1 id="compose-heading" className="text-2xl font-bold text-brand-800">
          Send a notification
        </h1>
        <div className="mt-4 grid gap-8 md:grid-cols-2">
          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
            <TextField
              id="notice-title"
              label="Title"
              value={form.title}
              maxLength={NOTIFICATION_TITLE_MAX}
              required
              error={fields.title}
              onChange={(e) => update('title', e.target.value)}
            />
            <TextField
              id="notice-message"
              label="Message"
              multiline
              rows={5}
              value={form.message}
              maxLength={NOTIFICATION_MESSAGE_MAX}
              required
              error={fields.message}
              onChange={(e) => update('message', e.target.value)}
            />
            <TextField
              id="notice-link"
              label="Link (optional)"
              value={form.link}
              maxLength={NOTIFICATION_LINK_MAX}
              placeholder="/events or https://…"
              error={fields.link}
              onChange={(e) => update('link', e.target.value)}
            />
            <fieldset>
              <legend className={labelClass}>Send to</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {AUDIENCE_CHOICES.map((choice) => (
                  <label key={choice.type} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="audience"
                      value={choice.type}
                      checked={form.audienceType === choice.type}
                      onChange={() => update('audienceType', choice.type)}
                    />
                    {choice.label}
                  </label>
                ))}
              </div>
              {form.audienceType === 'chapter' && (
                <div className="mt-3">
                  <SelectField
                    id="notice-chapter"
                    label="Chapter"
                    value={form.chapterId}
                    onChange={(e) => update('chapterId', e.target.value)}
                  >
                    <option value="">{chapters ? 'Choose a chapter' : 'Loading chapters…'}</option>
                    {chapters?.map((chapter) => (
                      <option key={chapter.id} value={chapter.id}>
                        {chapter.name} ({chapter.code})
                      </option>
                    ))}
                  </SelectField>
                  {chaptersError && <p className="mt-1 text-sm text-red-700">{chaptersError}</p>}
                </div>
              )}
              {form.audienceType === 'member' && (
                <div className="mt-3">
                  <TextField
                    id="notice-member"
                    label="Member number or e-mail"
                    value={form.member}
                    onChange={(e) => update('member', e.target.value)}
                  />
                </div>
              )}
              {form.audienceType === 'role' && (
                <div className="mt-3">
                  <SelectField
                    id="notice-role"
                    label="Role"
                    value={form.roleId}
                    onChange={(e) => update('roleId', e.target.value)}
                  >
                    {ROLE_IDS.map((roleId) => (
                      <option key={roleId} value={roleId}>
                        {ROLE_LABELS[roleId]}
                      </option>
                    ))}
                  </SelectField>
                </div>
              )}
              <FieldError id="notice-audience-error" message={fields['audience.id'] ?? fields.audience} />
            </fieldset>
            <SubmitButton busy={sending} busyLabel="Sending…">
              Send notification
            </SubmitButton>
          </form>
          <section aria-labelledby="preview-heading">
            <h2 id="preview-heading" className="font-semibold text-slate-900">
              Preview
            </h2>
            <p className="text-sm text-slate-600">To: {audienceSummary()}</p>
            <div className="mt-2 rounded-md border border-slate-200 bg-brand-50 p-4" data-testid="notification-preview">
              <p className="font-semibold text-slate-900">{form.title || 'Title'}</p>
              <p className="mt-1 whitespace-pre-line text-slate-800">{form.message || 'Message'}</p>
              {form.link.trim() && <p className="mt-2 text-sm font-medium text-brand-700 underline">Open link</p>}
            </div>
          </section>
        </div>
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-bold text-brand-800">
          Sent notifications
        </h2>
        {historyError && (
          <p role="alert" className="mt-2 text-red-700">
            {historyError}
          </p>
        )}
        {history && history.items.length === 0 && <p className="mt-2 text-slate-600">Nothing has been sent yet.</p>}
        {history && history.items.length > 0 && (
          <div className="mt-3 overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Sent
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Title
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    To
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    By
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    Recipients
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Read
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.items.map((notice) => (
                  <tr key={notice.id} className="border-b border-slate-100">
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <time dateTime={notice.createdAt}>
                        {new Date(notice.createdAt).toLocaleString('en-IN', {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        })}
                      </time>
                    </td>
                    <td className="py-2 pr-4">{notice.title}</td>
                    <td className="py-2 pr-4">{notice.audience.label}</td>
                    <td className="py-2 pr-4">{notice.sender?.name ?? '—'}</td>
                    <td className="py-2 pr-4 text-right">{notice.recipientCount.toLocaleString('en-IN')}</td>
                    <td className="py-2 text-right">{notice.readCount.toLocaleString('en-IN')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {history && pages > 1 && (
          <nav aria-label="Pages" className="mt-3 flex items-center justify-between text-sm">
            <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} className="underline">
              Previous
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} className="underline">
              Next
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
