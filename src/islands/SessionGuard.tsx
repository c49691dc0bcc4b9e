import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { HTTPError } from 'ky';
import { api } from '../stores/api-client';
import { SESSION_CHECK_INTERVAL_MS } from '../lib/constants';
import { judgeSession, SESSION_DIALOG } from '../lib/session-guard';
import { signOutTo } from '../stores/auth';
import { refreshSession } from '../stores/session';

type Dialog = 'timed-out' | 'auth-required' | null;

/**
 * (spec section 4, issue 3 item 7) Checks the session at once and every 5 minutes; when it has
 * ended, shows a blocking dialog whose only way out is Log in (sign out, back to /). Once the
 * dialog shows, no more checks run.
 */
export default function SessionGuard() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const shown = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let stopped = false;

    function show(kind: Exclude<Dialog, null>) {
      if (shown.current || stopped) return;
      shown.current = true;
      window.clearInterval(timer);
      setDialog(kind);
    }

    async function check() {
      if (shown.current) return;
      const current = await refreshSession();
      const verdict = judgeSession(
        current ? 'authenticated' : 'unauthenticated',
        current,
        window.location.pathname,
        Date.now(),
      );
      if (verdict === 'timed-out' || verdict === 'auth-required') {
        show(verdict);
        return;
      }
      if (verdict !== 'ok') return;
      // An unexpired token may still have been revoked (password changed, user disabled): ask the server.
      try {
        await api.get('me');
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 401) show('timed-out');
      }
    }

    const timer = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    void check();
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (!dialog) return;
    button.current?.focus();
    // Everything behind the dialog leaves the tab order and the accessibility tree.
    const others = Array.from(document.body.children).filter(
      (element): element is HTMLElement => element instanceof HTMLElement && !element.contains(button.current),
    );
    others.forEach((element) => (element.inert = true));
    return () => others.forEach((element) => (element.inert = false));
  }, [dialog]);

  if (!dialog) return null;
  const text = dialog === 'timed-out' ? SESSION_DIALOG.timedOut : SESSION_DIALOG.authRequired;

  function keepFocus(event: KeyboardEvent) {
    if (event.key === 'Tab' || event.key === 'Escape') {
      event.preventDefault();
      button.current?.focus();
    }
  }

  async function logIn() {
    await signOutTo('/');
  }

  return (
    <div className="fixed inset-0 z-[100] flex items-center justify-center bg-slate-900/70 p-4" onKeyDown={keepFocus}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="session-dialog-title"
        aria-describedby="session-dialog-message"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id="session-dialog-title" className="text-xl font-semibold text-slate-900">
          {text.title}
        </h2>
        <p id="session-dialog-message" className="mt-3 text-slate-700">
          {text.message}
        </p>
        <button
          ref={button}
          type="button"
          onClick={() => void logIn()}
          className="mt-6 w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {SESSION_DIALOG.button}
        </button>
      </div>
    </div>
  );
}
