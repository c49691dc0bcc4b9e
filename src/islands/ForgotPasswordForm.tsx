import { useState, type SubmitEvent } from 'react';
import { api, apiErrorOf } from '../stores/api-client';
import { FormAlert, SubmitButton, TextField } from '../components/forms/FormFields';

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
      <TextField
        id="forgot-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={fieldError}
      />
      {error && !fieldError && <FormAlert>{error}</FormAlert>}
      <SubmitButton busy={busy} fullWidth>
        Send reset link
      </SubmitButton>
    </form>
  );
}
