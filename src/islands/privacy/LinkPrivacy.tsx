import { useCallback, useState } from 'react';
import { api, apiErrorOf } from '../../stores/api-client';
import type { z } from 'zod';
import type { ConsentViewSchema, PrivacyRequestViewSchema } from '../../lib/schemas/privacy';
import { FormAlert } from '../../components/forms/FormFields';
import { Consents, Requests } from './PrivacyParts';

interface LinkData {
  noticeVersion: number;
  email: string;
  consents: z.infer<typeof ConsentViewSchema>[];
  requests: z.infer<typeof PrivacyRequestViewSchema>[];
}

export type LinkKey =
  | { kind: 'application'; token: string }
  | { kind: 'natcon'; token: string; order: string }
  | { kind: 'delegate'; token: string; order: string; ticket: string };

/**
 * "Your data and privacy" on an applicant's or NATCON contact's status page, or a delegate's ticket page: the same rights as a
 * member's privacy page (see the consents and withdraw an optional one, download the data, ask for
 * a correction or erasure, raise a grievance), reached with the status link instead of an account.
 * Loaded only when opened.
 */
export function LinkPrivacy({ linkKey }: { linkKey: LinkKey }) {
  const [data, setData] = useState<LinkData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const query = new URLSearchParams(linkKey as Record<string, string>).toString();
  const load = useCallback(async () => {
    try {
      setData(await api.get<LinkData>(`privacy/status-link?${query}`));
      setProblem(null);
    } catch (failure) {
      setProblem((await apiErrorOf(failure)).message);
    }
  }, [query]);
  return (
    <details
      className="rounded-md border border-slate-200 p-4"
      onToggle={(e) => {
        if (e.currentTarget.open && !data) void load();
      }}
    >
      <summary className="cursor-pointer font-semibold">Your data and privacy</summary>
      <div className="mt-3 space-y-4">
        <p className="text-sm text-slate-700">
          What we keep about you and why is in the{' '}
          <a href="/privacy" target="_blank" rel="noopener" className="text-brand-700 underline">
            privacy notice
          </a>
          . Download it, ask us to correct or erase it, or raise a grievance here.
        </p>
        <p>
          <a
            href={`/api/privacy/status-link/export?${query}`}
            className="font-semibold text-brand-700 underline"
            download="nipm-my-data.zip"
          >
            Download your data (ZIP)
          </a>
        </p>
        {problem && <FormAlert>{problem}</FormAlert>}
        {data && (
          <>
            <Consents
              data={data}
              reload={() => void load()}
              withdrawPath={(purpose) => `privacy/status-link/consents/${purpose}?${query}`}
            />
            <Requests
              data={data}
              reload={() => void load()}
              requestsPath={`privacy/status-link/requests?${query}`}
              intro="Tell us what is wrong, what to erase, or what your grievance is. We answer within 90 days, by e-mail and here."
              erasureLabel="Erase my data"
            />
          </>
        )}
      </div>
    </details>
  );
}
