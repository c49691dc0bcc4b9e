import { useEffect, useState } from 'react';
import { api, apiErrorOf } from '../../stores/api-client';
import { membershipClassLabel } from '../../lib/membership-classes';
import { formatDateTime } from '../../lib/format';
import { FieldError, FormAlert, SubmitButton } from '../../components/forms/FormFields';
import type { MembershipClassCode } from '../../lib/membership-classes';

interface GuardianRequest {
  reference: string;
  applicantName: string;
  classCode: MembershipClassCode;
  chapter: string;
  guardianName: string;
  state: string;
  givenAt: string | null;
  noticeVersion: number;
}

/**
 * The page the guardian's e-mail links to (DPDP Act, section 9): who applied and for what, what
 * the institute keeps and why, and one box to consent. Nothing about the applicant goes further
 * until it is ticked and sent.
 */
export default function GuardianConsent() {
  const [token, setToken] = useState<string | null>(null);
  const [request, setRequest] = useState<GuardianRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const key = new URLSearchParams(window.location.search).get('token');
    setToken(key);
    if (!key) {
      setProblem('Open this page with the link from the e-mail we sent you.');
      return;
    }
    api
      .get<GuardianRequest>('/membership/guardian', { token: key })
      .then(setRequest)
      .catch(async (e: unknown) => setProblem((await apiErrorOf(e)).message));
  }, []);

  async function consent(event: React.FormEvent) {
    event.preventDefault();
    if (!ticked) {
      setError('Tick the box to give your consent.');
      return;
    }
    setBusy(true);
    try {
      setRequest(
        await api.post<GuardianRequest>(`/membership/guardian/consent?token=${encodeURIComponent(token!)}`, {
          consent: true,
        }),
      );
    } catch (e) {
      setProblem((await apiErrorOf(e)).message);
    } finally {
      setBusy(false);
    }
  }

  if (problem) return <FormAlert>{problem}</FormAlert>;
  if (!request) return <p aria-busy="true">Loading…</p>;
  if (request.givenAt)
    return (
      <div role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
        <p className="font-semibold" data-testid="guardian-consent-given">
          Thank you: your consent was recorded {formatDateTime(request.givenAt)}.
        </p>
        <p>
          {request.applicantName}’s application {request.reference} now goes on. We have told them by e-mail.
        </p>
      </div>
    );
  return (
    <form onSubmit={consent} noValidate className="space-y-5">
      <p>
        Dear {request.guardianName}, {request.applicantName} has applied for {membershipClassLabel(request.classCode)}{' '}
        membership of the National Institute of Personnel Management ({request.chapter}, application {request.reference}
        ) and named you as their parent or guardian.
      </p>
      <p className="text-sm text-slate-700">
        As they are under 18, the Digital Personal Data Protection Act 2023 (section 9) asks for your consent before we
        use their personal data (name, date of birth, contact details, address, studies and work, photograph and
        certificates) to decide the application, keep their membership record, take their payment and issue receipts. We
        never use a child’s data for advertising or tracking, and send them no newsletter. You may withdraw the consent,
        or ask for the data to be corrected or erased, at any time: the{' '}
        <a
          href="/privacy"
          target="_blank"
          rel="noopener"
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          privacy notice (version {request.noticeVersion}, opens in a new tab)
        </a>{' '}
        says how.
      </p>
      <div>
        <label className="flex gap-3">
          <input
            type="checkbox"
            checked={ticked}
            onChange={(e) => {
              setTicked(e.currentTarget.checked);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'guardian-consent-error' : undefined}
            className="mt-1 h-5 w-5"
          />
          <span className="text-sm">
            I am {request.applicantName}’s parent or lawful guardian, and I consent to NIPM using their personal data
            for their membership application as described above.
          </span>
        </label>
        <FieldError id="guardian-consent-error" message={error} />
      </div>
      <SubmitButton busy={busy} busyLabel="Recording…" fullWidth>
        Give my consent
      </SubmitButton>
      <p className="text-sm text-slate-700">
        If you do not agree, do nothing: the application will not go further. To have it removed, write to the institute
        from the privacy notice.
      </p>
    </form>
  );
}
