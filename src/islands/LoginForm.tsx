import { useEffect, useState, type SubmitEvent } from 'react';
import { signInDestination } from '../lib/return-to';
import { signInMessage, SIGN_IN_MESSAGES } from '../lib/sign-in-messages';
import { signInWithCredentials } from '../stores/auth';
import { FormAlert, SubmitButton, TextField } from '../components/forms/FormFields';

interface Props {
  /** 'member' on /auth/login, 'staff' on /auth/admin: the server refuses members on the staff one. */
  portal: 'member' | 'staff';
}

export default function LoginForm({ portal }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [memberOnStaffPage, setMemberOnStaffPage] = useState(false);
  const [busy, setBusy] = useState(false);

  // Auth.js sends a refused sign-in that did not go through this form back here with its code.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code') ?? params.get('error');
    if (code) {
      setMemberOnStaffPage(code === 'member-account');
      setError(signInMessage(code));
    }
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const result = await signInWithCredentials({
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        portal,
      });
      if (result.ok) {
        const returnTo = new URLSearchParams(window.location.search).get('returnTo');
        window.location.assign(signInDestination(returnTo, window.location.origin, result.session.user.roleId));
        return;
      }
      setMemberOnStaffPage(result.code === 'member-account');
      setError(signInMessage(result.code));
    } catch {
      setError(SIGN_IN_MESSAGES.unknown);
    }
    setBusy(false);
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      <TextField id="login-email" name="email" label="Email" type="email" autoComplete="username" required />
      <TextField
        id="login-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      {error && (
        <FormAlert>
          {error}{' '}
          {memberOnStaffPage && (
            <a href="/auth/login" className="font-medium underline">
              Go to the member sign-in
            </a>
          )}
        </FormAlert>
      )}
      <SubmitButton busy={busy} fullWidth>
        Sign in
      </SubmitButton>
    </form>
  );
}
