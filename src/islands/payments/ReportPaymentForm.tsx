import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { SubmitButton } from '../../components/forms/FormFields';
import { kolkataDate } from '../../lib/financial-year';
import { PAYMENT_MODE_LABELS, REPORTABLE_PAYMENT_MODES, type PaymentMode } from '../../lib/schemas/money';
import {
  ReportPaymentFormSchema,
  buyerDetailsOf,
  paiseToRupees,
  reportPaymentBodyOf,
  type ReportPaymentFormValues,
} from '../../lib/schemas/money-forms';
import { api } from '../../stores/api-client';
import { FormProblem, FormProvider, FormSelectField, FormTextField, useServerSubmit, useZodForm } from '../staff';

export interface ReportPaymentFormProps {
  /** Where the report is posted, under `/api` (with its own query, such as a status token). */
  postTo: string;
  /** The amount due, paise: filled in for the payer. */
  amount: number;
  /** Called with the API's answer once the report is recorded. */
  onReported?(answer: unknown): void;
  /** The ways offered (default: those a payer reports; the office records cash and cheque). */
  modes?: readonly PaymentMode[];
  /** Sent with the payment (a renewal's coupon, the year an office payment pays through). */
  extraBody?: Record<string, unknown>;
  /** Offers the GST details of an employer that pays (membership renewals), sent with the report. */
  buyerDetails?: boolean;
  /** The form's name, its button and what it says once recorded. */
  label?: string;
  submitLabel?: string;
  doneMessage?: string;
}

const REFERENCE_LABEL: Record<PaymentMode, string> = {
  upi: 'UTR or UPI transaction id',
  bank_transfer: 'UTR or IMPS reference',
  demand_draft: 'Demand draft number',
  cheque: 'Cheque number',
  cash: 'Receipt slip number',
  online: 'Gateway payment id',
};

const REFERENCE_HINT: Record<PaymentMode, string> = {
  upi: 'Your UPI app shows it under the payment: 12 digits, or a longer transaction id.',
  bank_transfer: 'On your bank’s confirmation: 16 characters (NEFT), 22 (RTGS) or 12 digits (IMPS).',
  demand_draft: 'The 6-digit number printed on the draft.',
  cheque: 'The 6-digit number printed on the cheque.',
  cash: '',
  online: '',
};

/**
 * "I have paid": the payer says how (UPI, bank transfer, demand draft, cheque), the reference their
 * bank or app gave, the amount and the day. Checked with the API's own rules before sending; the
 * server's messages appear beside the same fields.
 */
export default function ReportPaymentForm({
  postTo,
  amount,
  onReported,
  modes = REPORTABLE_PAYMENT_MODES,
  extraBody,
  buyerDetails = false,
  label = 'Report your payment',
  submitLabel = 'Report payment',
  doneMessage = 'Thank you: your payment is reported. The institute will verify it and send you a receipt.',
}: ReportPaymentFormProps) {
  const today = kolkataDate(new Date());
  const form = useZodForm(ReportPaymentFormSchema, {
    mode: modes[0],
    reference: '',
    amount: paiseToRupees(amount),
    paidOn: today,
    gstin: '',
    buyerName: '',
    buyerAddress: '',
  } satisfies ReportPaymentFormValues);
  const [done, setDone] = useState(false);
  const mode = useWatch({ control: form.control, name: 'mode' }) ?? modes[0];

  const { busy, submit } = useServerSubmit(form, async (values) => {
    const answer = await api.post<unknown>(postTo, {
      ...reportPaymentBodyOf(values),
      ...(buyerDetails ? buyerDetailsOf(values) : {}),
      ...extraBody,
    });
    setDone(true);
    onReported?.(answer);
  });

  if (done) {
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">
        {doneMessage}
      </p>
    );
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-md space-y-4" aria-label={label}>
        <FormProblem />
        <FormSelectField id="payment-mode" name="mode" label="How did you pay?">
          {modes.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_MODE_LABELS[value]}
            </option>
          ))}
        </FormSelectField>
        <FormTextField
          id="payment-reference"
          name="reference"
          label={REFERENCE_LABEL[mode]}
          hint={REFERENCE_HINT[mode]}
          autoComplete="off"
          inputMode={mode === 'demand_draft' || mode === 'cheque' ? 'numeric' : 'text'}
        />
        <FormTextField id="payment-amount" name="amount" label="Amount paid (Rs)" inputMode="decimal" />
        <FormTextField id="payment-date" name="paidOn" label="Paid on" type="date" max={today} />
        {buyerDetails && (
          <fieldset className="space-y-4 rounded-md border border-slate-300 p-4">
            <legend className="px-1 font-medium">If your employer pays the fee (optional)</legend>
            <p className="text-sm text-slate-700">
              A registered employer gets the tax invoice in its name and can claim the GST. Leave these empty to be
              invoiced yourself.
            </p>
            <FormTextField
              id="payment-gstin"
              name="gstin"
              label="GSTIN (optional)"
              hint="15 characters, such as 19AAACN1234F1Z5."
              autoComplete="off"
            />
            <FormTextField id="payment-buyerName" name="buyerName" label="Legal name registered with the GSTIN" />
            <FormTextField
              id="payment-buyerAddress"
              name="buyerAddress"
              label="Address registered with the GSTIN"
              autoComplete="off"
            />
          </fieldset>
        )}
        <SubmitButton busy={busy} busyLabel="Sending…" fullWidth>
          {submitLabel}
        </SubmitButton>
      </form>
    </FormProvider>
  );
}
