import { useEffect, useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { api, apiErrorOf } from '../stores/api-client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../lib/constants';
import { problemOf, type LoadProblem, type Me } from '../lib/portal-api';
import { updateSessionToken } from '../stores/auth';
import { initialsOf } from '../lib/initials';
import { Loading, Problem } from '../components/portal/PortalStates';
import { FormAlert, SubmitButton, TextField } from '../components/forms/FormFields';

export function ChangePasswordForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    if (newPassword !== String(form.get('confirmPassword') ?? '')) {
      setErrors({ confirmPassword: 'The two new passwords do not match.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { token } = await api.post<{ token: string; expiresAt: string }>('me/password', {
        currentPassword,
        newPassword,
      });
      await updateSessionToken(token);
      formElement.reset();
      toast.success('Your password has been changed. Other sessions have been signed out.');
    } catch (error) {
      const problem = await apiErrorOf(error);
      setErrors(Object.keys(problem.fields).length ? problem.fields : { form: problem.message });
    }
    setBusy(false);
  }

  const fields = [
    { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
    { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
    { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
  ];

  return (
    <form method="post" onSubmit={submit} className="space-y-4" aria-labelledby="password-heading">
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={`profile-${field.name}`}
          name={field.name}
          label={field.label}
          type="password"
          autoComplete={field.autoComplete}
          required
          maxLength={PASSWORD_MAX_LENGTH}
          minLength={field.name === 'currentPassword' ? undefined : PASSWORD_MIN_LENGTH}
          error={errors[field.name]}
        />
      ))}
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <SubmitButton busy={busy}>Change password</SubmitButton>
    </form>
  );
}

export default function MyProfile() {
  const [me, setMe] = useState<Me | null>(null);
  const [problem, setProblem] = useState<LoadProblem | null>(null);
  const [savingOptIn, setSavingOptIn] = useState(false);

  useEffect(() => {
    api
      .get<Me>('me')
      .then(setMe)
      .catch(async (error) => setProblem(problemOf((await apiErrorOf(error)).status)));
  }, []);

  async function saveOptIn(notifyByEmail: boolean) {
    if (!me) return;
    const before = me;
    // The box follows the click at once and goes back if the server refuses.
    setMe({ ...me, notifyByEmail });
    setSavingOptIn(true);
    try {
      setMe(await api.patch<Me>('me', { notifyByEmail }));
      toast.success(notifyByEmail ? 'You will get an e-mail copy of notifications.' : 'E-mail copies turned off.');
    } catch (error) {
      setMe(before);
      toast.error((await apiErrorOf(error)).message);
    }
    setSavingOptIn(false);
  }

  if (problem) return <Problem problem={problem} heading="Profile unavailable" />;
  if (!me) return <Loading what="your profile" />;

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="profile-heading"
        className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-6"
      >
        <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-xl font-semibold text-white">
          {me.image ? (
            <img src={me.image} alt={`Photo of ${me.name}`} className="h-full w-full object-cover" />
          ) : (
            initialsOf(me.name)
          )}
        </div>
        <div>
          <h2 id="profile-heading" className="text-lg font-semibold">
            {me.name}
          </h2>
          <p className="text-slate-700">{me.email}</p>
        </div>
      </section>
      <section aria-labelledby="email-copy-heading" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="email-copy-heading" className="text-lg font-semibold">
          Notifications
        </h2>
        <label className="mt-3 flex items-center gap-3">
          <input
            type="checkbox"
            checked={me.notifyByEmail}
            disabled={savingOptIn}
            onChange={(event) => void saveOptIn(event.target.checked)}
            className="h-5 w-5"
          />
          <span>Send me an e-mail copy of each notification</span>
        </label>
      </section>
      <p className="rounded-lg border border-slate-200 bg-white p-6">
        <a className="font-semibold text-brand-700 underline" href="/member/privacy">
          My privacy
        </a>
        : download your data, see and withdraw your consents, ask for a correction or erasure, name a nominee.
      </p>
      <section aria-labelledby="password-heading" className="max-w-md rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="password-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-600">
          Changing your password signs you out everywhere else. {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH}{' '}
          characters.
        </p>
        <ChangePasswordForm />
      </section>
    </div>
  );
}
