import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import type { OwnChangeRequest } from '../../lib/schemas/members';
import { api, apiErrorOf } from '../../stores/api-client';

const STATE_LABELS: Record<OwnChangeRequest['state'], string> = {
  open: 'Waiting for the national office',
  done: 'Done',
  declined: 'Declined',
};

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  classCode: 'Membership class',
  chapterId: 'Chapter',
};

/** The member's requests to change what only staff change, with what staff decided. */
export default function OwnChangeRequests({ version }: { version: number }) {
  const [requests, setRequests] = useState<OwnChangeRequest[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<OwnChangeRequest[]>('members/me/change-requests')
      .then((rows) => {
        setRequests(rows);
        setProblem(null);
      })
      .catch(async (failure) => setProblem((await apiErrorOf(failure)).message));
  }, [version]);

  if (problem) return <p role="alert">{problem}</p>;
  if (!requests?.length) return null;
  return (
    <section aria-labelledby="requests-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="requests-heading" className="text-lg font-semibold">
        My change requests
      </h2>
      <ul className="mt-3 space-y-2">
        {requests.map((r) => (
          <li key={r.id} className="rounded bg-slate-50 px-3 py-2">
            <p>
              {Object.entries(r.changes)
                .map(([field, value]) => `${FIELD_LABELS[field] ?? field}: ${String(value)}`)
                .join(', ')}
            </p>
            <p className="text-sm text-slate-700">
              Sent {formatDateTime(r.createdAt)} · <strong>{STATE_LABELS[r.state]}</strong>
              {r.decidedAt ? ` (${formatDateTime(r.decidedAt)})` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
