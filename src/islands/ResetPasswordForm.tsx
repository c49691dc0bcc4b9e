import { useState, type SubmitEvent } from 'react';
import { api, apiErrorOf } from '../stores/api-client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../lib/constants';
import { FormAlert, SubmitButton, TextField } from '../components/forms/FormFields';

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

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      {errors.token && (
        <FormAlert>
          {errors.token}{' '}
          <a href="/auth/forgot-password" className="font-medium underline">
            Ask for a new link
          </a>
        </FormAlert>
      )}
      <TextField
        id="reset-password"
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; avoid common passwords.`}
        error={errors.password}
      />
      <TextField
        id="reset-confirm"
        name="confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
      />
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <SubmitButton busy={busy} fullWidth>
        Set new password
      </SubmitButton>
    </form>
  );
}
