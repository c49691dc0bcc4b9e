import { useEffect, useState } from 'react';
import { api, apiErrorOf } from '../../stores/api-client';
import { CONSENT_PURPOSE_LABELS, type ConsentPurpose } from '../../lib/schemas/privacy';
import { FormAlert } from '../../components/forms/FormFields';

/**
 * Withdraws the consent an unsubscribe link names as soon as the page opens (one click, no
 * sign-in): the link's signed token is checked by `GET /api/privacy/unsubscribe`.
 */
export default function Unsubscribe() {
  const [outcome, setOutcome] = useState<{ purpose: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const query = Object.fromEntries(['email', 'purpose', 'token'].map((k) => [k, params.get(k) ?? '']));
    api
      .get<{ withdrawn: number }>('privacy/unsubscribe', query)
      .then(() => setOutcome({ purpose: query.purpose! }))
      .catch(async (e: unknown) => setProblem((await apiErrorOf(e)).message));
  }, []);

  if (problem) return <FormAlert>{problem} Use the link from the e-mail, or withdraw on your privacy page.</FormAlert>;
  if (!outcome) return <p aria-busy="true">Withdrawing your consent…</p>;
  const label = CONSENT_PURPOSE_LABELS[outcome.purpose as ConsentPurpose] ?? outcome.purpose;
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
      <p className="font-semibold" data-testid="unsubscribed">
        Done: you will get no more of these e-mails.
      </p>
      <p className="mt-1 text-sm">
        Your consent to “{label}” is withdrawn from now on. E-mails about your membership, payments or registration
        still come.
      </p>
    </div>
  );
}
