import { useState } from 'react';
import { api } from '../stores/api-client';
import { currentSession } from '../stores/session';

/**
 * Downloads a members-only issue with the session's API token (a plain link cannot carry it):
 * a signed-in member or staff gets the PDF; anyone else is asked to sign in.
 */
interface Props {
  /** The issue's download route, `/api/content/publications/{id}/file`. */
  url: string;
  title: string;
}

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'sign-in' } | { kind: 'failed'; message: string };

export default function IssueDownload({ url, title }: Props) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function download() {
    setState({ kind: 'busy' });
    const session = await currentSession();
    if (!session?.user?.token) {
      setState({ kind: 'sign-in' });
      return;
    }
    try {
      const response = await api.http.get(url.replace(/^\/api\//, ''));
      const blob = await response.blob();
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'issue.pdf';
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setState({ kind: 'idle' });
    } catch (error) {
      const status = (error as { response?: Response }).response?.status;
      if (status === 401) setState({ kind: 'sign-in' });
      else setState({ kind: 'failed', message: 'The download failed. Try again in a moment.' });
    }
  }

  return (
    <div>
      <button
        type="button"
        onClick={download}
        disabled={state.kind === 'busy'}
        className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
        aria-label={`Download ${title} (PDF, members only)`}
      >
        {state.kind === 'busy' ? 'Downloading…' : 'Download PDF (members)'}
      </button>
      <p role="status" className="mt-2 text-sm text-slate-800">
        {state.kind === 'sign-in' && (
          <>
            This issue is for members.{' '}
            <a className="font-semibold text-brand-700 underline" href="/auth/login">
              Sign in
            </a>{' '}
            to download it.
          </>
        )}
        {state.kind === 'failed' && state.message}
      </p>
    </div>
  );
}
