import { useEffect, useState, type SubmitEvent } from 'react';
import { safeReturnTo } from '../lib/access';
import { ROLE_HOME } from '../lib/roles';
import { signInMessage, SIGN_IN_MESSAGES } from '../lib/sign-in-messages';
import { signInWithCredentials } from '../stores/session';

interface Props {
  /** 'member' on /auth/login, 'staff' on /auth/admin: the server refuses members on the staff one. */
  portal: 'member' | 'staff';
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none';

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
        const returnTo = safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'));
        window.location.assign(returnTo ?? ROLE_HOME[result.session.user.roleId]);
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
      <div>
        <label htmlFor="login-email" className="block text-sm font-medium">
          Email
        </label>
        <input id="login-email" name="email" type="email" autoComplete="username" required className={inputClass} />
      </div>
      <div>
        <label htmlFor="login-password" className="block text-sm font-medium">
          Password
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
        />
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}{' '}
          {memberOnStaffPage && (
            <a href="/auth/login" className="font-medium underline">
              Go to the member sign-in
            </a>
          )}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Sign in
      </button>
    </form>
  );
}
