import { PASSWORD_MIN_LENGTH } from '../../lib/constants';
import { ChangePasswordForm } from '../MyProfile';

/**
 * `/member/password` (issue 28): the member changes their password with the current one, by the
 * same rules and the same route as staff on My Profile; their other sessions are signed out.
 */
export default function MyPassword() {
  return (
    <section aria-labelledby="password-heading" className="max-w-md rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change your password
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700">
        Use at least {PASSWORD_MIN_LENGTH} characters. Your other signed-in devices are signed out when it changes.
      </p>
      <ChangePasswordForm />
    </section>
  );
}
