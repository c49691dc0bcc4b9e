import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { api, apiErrorOf } from '../../stores/api-client';

export interface OnlinePaymentTarget {
  purpose: 'membership_application' | 'membership_renewal' | 'natcon_order';
  subjectId: number;
  /** The applicant's status token or the NATCON order's token; a member pays signed in. */
  statusToken?: string;
}

interface Availability {
  available: boolean;
}

/**
 * "Pay online": shown only when the site has a payment gateway. The server computes the amount and
 * answers the gateway's hosted page, where the payer goes by a plain redirect (so the site's own
 * content security policy stays strict); the gateway brings them back to the status page.
 */
export function OnlinePayment({ target, amount }: { target: OnlinePaymentTarget; amount: number }) {
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<Availability>('/payments/online')
      .then((answer) => setAvailable(answer.available))
      .catch(() => setAvailable(false));
  }, []);

  if (!available) return null;

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await api.post<{ checkoutUrl: string }>('/payments/online', target);
      window.location.assign(started.checkoutUrl);
    } catch (failure) {
      setError((await apiErrorOf(failure)).message);
      setBusy(false);
    }
  };

  return (
    <div className="rounded-lg border border-brand-300 bg-brand-50 p-4">
      <p className="font-semibold">Pay online now</p>
      <p className="mt-1 text-sm text-slate-700">
        Card, UPI or net banking through Razorpay. The receipt appears here as soon as the payment is confirmed.
      </p>
      <button
        type="button"
        onClick={() => void pay()}
        disabled={busy}
        className="mt-3 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Opening the payment page…' : `Pay ${formatMoney(amount)} online`}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The policies a payer should read before paying; linked from every pay screen. */
export function PaymentPolicies() {
  return (
    <p className="text-sm text-slate-600">
      Before paying, read our{' '}
      <a href="/terms" className="underline">
        terms
      </a>
      , the{' '}
      <a href="/refund-policy" className="underline">
        refund and cancellation policy
      </a>{' '}
      and how to{' '}
      <a href="/contact" className="underline">
        contact us
      </a>
      .
    </p>
  );
}
