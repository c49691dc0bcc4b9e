/**
 * What a payer sees on coming back from the gateway's page (`?payment=` set by the callback):
 * paid, not confirmed yet (the gateway will tell the site shortly), or not paid.
 */
const MESSAGES: Record<string, { tone: string; text: string }> = {
  paid: {
    tone: 'border-green-300 bg-green-50 text-green-900',
    text: 'Payment received. Thank you: your receipt is below.',
  },
  pending: {
    tone: 'border-amber-300 bg-amber-50 text-amber-900',
    text: 'We are waiting for the gateway to confirm your payment. This page shows the receipt once it does.',
  },
  unconfirmed: {
    tone: 'border-amber-300 bg-amber-50 text-amber-900',
    text: 'We could not confirm this payment from your return. If you paid, it is confirmed directly by the gateway shortly.',
  },
  not_paid: {
    tone: 'border-slate-300 bg-slate-50 text-slate-800',
    text: 'The online payment was not completed. You may try again or pay another way.',
  },
};

export function OnlineReturn({ outcome }: { outcome: string | null }) {
  const message = outcome ? MESSAGES[outcome] : undefined;
  if (!message) return null;
  return (
    <div role="status" className={`rounded-md border p-4 text-sm ${message.tone}`}>
      {message.text}
    </div>
  );
}
