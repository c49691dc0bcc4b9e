import { useState, type SubmitEvent } from 'react';
import { api, apiErrorOf } from '../lib/api-client';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none';

export default function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await api.post('password/forgot', { email });
      setSent(true);
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setFieldError(problem.fields.email ?? null);
      setError(problem.message);
    }
    setBusy(false);
  }

  if (sent) {
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">
        If an account exists for that e-mail address, we have sent it a link to choose a new password. The link works
        once and expires in one hour.
      </p>
    );
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      <div>
        <label htmlFor="forgot-email" className="block text-sm font-medium">
          Email
        </label>
        <input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'forgot-email-error' : undefined}
          className={inputClass}
        />
        {fieldError && (
          <p id="forgot-email-error" className="mt-1 text-sm text-red-700">
            {fieldError}
          </p>
        )}
      </div>
      {error && !fieldError && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Send reset link
      </button>
    </form>
  );
}
