import { useState, type SubmitEvent } from 'react';
import { api, apiErrorOf } from '../lib/api-client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../lib/constants';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none';

export default function ResetPasswordForm() {
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const token = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '');

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setErrors({ confirm: 'The two passwords do not match.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await api.post('password/reset', { token, password });
      setDone(true);
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setErrors(Object.keys(problem.fields).length ? problem.fields : { form: problem.message });
    }
    setBusy(false);
  }

  if (done) {
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">
        Your password has been changed.{' '}
        <a href="/auth/login" className="font-medium underline">
          Sign in
        </a>{' '}
        with your new password.
      </p>
    );
  }

  if (!token) {
    return (
      <p role="alert" className="text-red-700">
        This page needs the link from the password-reset e-mail.{' '}
        <a href="/auth/forgot-password" className="underline">
          Ask for a new link
        </a>
        .
      </p>
    );
  }

  const describe = (field: string) => (errors[field] ? `reset-${field}-error` : undefined);

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      {errors.token && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.token}{' '}
          <a href="/auth/forgot-password" className="font-medium underline">
            Ask for a new link
          </a>
        </p>
      )}
      <div>
        <label htmlFor="reset-password" className="block text-sm font-medium">
          New password
        </label>
        <input
          id="reset-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-describedby={describe('password') ?? 'reset-password-hint'}
          className={inputClass}
        />
        <p id="reset-password-hint" className="mt-1 text-sm text-slate-600">
          {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters; avoid common passwords.
        </p>
        {errors.password && (
          <p id="reset-password-error" className="mt-1 text-sm text-red-700">
            {errors.password}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="reset-confirm" className="block text-sm font-medium">
          Confirm new password
        </label>
        <input
          id="reset-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={describe('confirm')}
          className={inputClass}
        />
        {errors.confirm && (
          <p id="reset-confirm-error" className="mt-1 text-sm text-red-700">
            {errors.confirm}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Set new password
      </button>
    </form>
  );
}
