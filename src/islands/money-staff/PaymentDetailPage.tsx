import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { formatMoney } from '../../lib/format';
import { REFUND_MODES, type PaymentDetail } from '../../lib/schemas/online';
import { api, apiErrorOf } from '../../stores/api-client';
import { PaymentTaxDocuments } from '../gst/PaymentTaxDocuments';
import { FormDialog, FormSelectField, FormTextField, applyServerErrors, useZodForm } from '../staff';

/** The refund form: rupees as typed, turned into paise; offline refunds say how the money went back. */
const RefundForm = z.object({
  rupees: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'Enter the amount in rupees, for example 500 or 499.50.'),
  reason: z.string().trim().min(1, 'Say why the money is refunded.').max(500),
  mode: z.string().optional(),
  reference: z.string().trim().max(60).optional(),
  refundedOn: z.string().optional(),
});
type RefundFields = z.infer<typeof RefundForm>;

function paymentIdFromPath(): number | null {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * One payment for staff (`/admin/payments/detail?id=`): mode, state, receipt, the gateway's order,
 * payment id, settlement and fee, the refunds made, and (roles 2 and 5) a refund of all or part.
 */
export default function PaymentDetailPage() {
  const [payment, setPayment] = useState<PaymentDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useZodForm(RefundForm, { rupees: '', reason: '', mode: 'bank_transfer', reference: '', refundedOn: '' });

  const load = useCallback(async () => {
    const id = paymentIdFromPath();
    if (!id) return setProblem('Open a payment from the payments list.');
    try {
      setPayment(await api.get<PaymentDetail>(`/admin/payments/${id}`));
    } catch (error) {
      setProblem((await apiErrorOf(error)).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  if (problem) return <p role="alert">{problem}</p>;
  if (!payment) return <p aria-busy="true">Loading the payment…</p>;
  const online = payment.gateway?.status === 'paid';

  const submit = form.handleSubmit(async (values: RefundFields) => {
    setBusy(true);
    const [whole, fraction = ''] = values.rupees.split('.');
    const body = {
      amount: Number(whole) * 100 + Number(fraction.padEnd(2, '0')),
      reason: values.reason,
      ...(online ? {} : { mode: values.mode, reference: values.reference || undefined, refundedOn: values.refundedOn }),
    };
    try {
      await api.post(`/admin/payments/${payment.id}/refunds`, body);
      setRefunding(false);
      setDone(`Refund of ${formatMoney(body.amount)} recorded.`);
      form.reset();
      await load();
    } catch (error) {
      applyServerErrors(form, await apiErrorOf(error), { amount: 'rupees' });
    } finally {
      setBusy(false);
    }
  });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">
        Payment {payment.id}
        {payment.subjectLabel ? ` for ${payment.subjectLabel}` : ''}
      </h1>
      {done && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {done}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Payer</dt>
        <dd>
          {payment.payerName} ({payment.payerEmail})
        </dd>
        <dt className="text-slate-600">Amount</dt>
        <dd>{formatMoney(payment.amount)}</dd>
        <dt className="text-slate-600">Mode</dt>
        <dd>{payment.mode}</dd>
        <dt className="text-slate-600">Reference</dt>
        <dd>{payment.reference ?? '—'}</dd>
        <dt className="text-slate-600">State</dt>
        <dd data-testid="payment-state">{payment.state}</dd>
        <dt className="text-slate-600">Receipt</dt>
        <dd>{payment.receiptNumber ?? '—'}</dd>
        {payment.gateway && (
          <>
            <dt className="text-slate-600">Gateway order</dt>
            <dd>
              {payment.gateway.orderId} ({payment.gateway.status})
            </dd>
            <dt className="text-slate-600">Gateway payment</dt>
            <dd>{payment.gateway.paymentId ?? '—'}</dd>
            {payment.gateway.flag && (
              <>
                <dt className="text-slate-600">Needs a look</dt>
                <dd className="font-medium text-red-800">{payment.gateway.flag}</dd>
              </>
            )}
            <dt className="text-slate-600">Settlement</dt>
            <dd>
              {payment.gateway.settlement
                ? `${payment.gateway.settlement.id}, UTR ${payment.gateway.settlement.utr ?? '—'}, fee ${formatMoney(payment.gateway.settlement.fee ?? 0)}`
                : 'Not settled yet'}
            </dd>
          </>
        )}
        <dt className="text-slate-600">Refunded</dt>
        <dd data-testid="refunded">{formatMoney(payment.refunded)}</dd>
      </dl>

      <PaymentTaxDocuments invoice={payment.invoice} creditNotes={payment.creditNotes} />

      {payment.refunds.length > 0 && (
        <table className="min-w-full text-sm">
          <caption className="text-left font-semibold">Refunds</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Amount</th>
              <th scope="col">How</th>
              <th scope="col">State</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {payment.refunds.map((refund) => (
              <tr key={refund.id} data-testid="refund">
                <td>{formatMoney(refund.amount)}</td>
                <td>
                  {refund.mode}
                  {refund.reference ? ` ${refund.reference}` : ''}
                </td>
                <td>{refund.state}</td>
                <td>{refund.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {payment.refundable > 0 && (
        <button
          type="button"
          onClick={() => setRefunding(true)}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Refund (up to {formatMoney(payment.refundable)})
        </button>
      )}
      <FormDialog
        open={refunding}
        title={`Refund payment ${payment.id}`}
        form={form}
        onSubmit={submit}
        confirmLabel="Refund"
        busy={busy}
        onCancel={() => setRefunding(false)}
      >
        <FormTextField id="refund-rupees" name="rupees" label="Amount to refund (₹)" inputMode="decimal" />
        <FormTextField id="refund-reason" name="reason" label="Reason" />
        {!online && (
          <>
            <FormSelectField id="refund-mode" name="mode" label="Sent back by">
              {REFUND_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {mode.replace('_', ' ')}
                </option>
              ))}
            </FormSelectField>
            <FormTextField id="refund-reference" name="reference" label="Transfer reference" />
            <FormTextField id="refund-on" name="refundedOn" label="Sent on" type="date" />
          </>
        )}
      </FormDialog>
    </div>
  );
}
