import { inputType } from './input-type';
import { useEffect, useState } from 'react';
import { apiErrorOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { kolkataDate } from '../../lib/financial-year';
import { publicApi } from '../../lib/natcon-api';
import {
  PAYMENT_MODE_LABELS,
  REPORTABLE_PAYMENT_MODES,
  ReportPaymentBody,
  type PaymentOptions,
} from '../../lib/schemas/money';
import type { Order } from '../../lib/schemas/natcon';
import { upiPayLink } from '../../lib/upi';
import { FormProblem, FormProvider, FormSelectField, FormTextField, applyServerErrors, useZodForm } from '../staff';

/**
 * How to pay a confirmed order (UPI link, bank details, DD or cheque) and the form that reports the
 * payment to the order's own route; staff then verify it and the receipt follows.
 */
export function OrderPayment({
  order,
  token,
  onReported,
}: {
  order: Order;
  token: string;
  onReported: (order: Order) => void;
}) {
  const [options, setOptions] = useState<PaymentOptions | null>(null);
  const [optionsError, setOptionsError] = useState<string | null>(null);
  const form = useZodForm(ReportPaymentBody, {
    mode: 'upi',
    reference: '',
    amount: order.amountDue,
    paidOn: kolkataDate(new Date()),
  } as never);

  useEffect(() => {
    publicApi
      .get<PaymentOptions>('/payment-options')
      .then(setOptions)
      .catch(async (failure) => setOptionsError((await apiErrorOf(failure)).message));
  }, []);

  const submit = form.handleSubmit(async (values) => {
    try {
      const url = `/natcon/registrations/${encodeURIComponent(order.orderNumber)}/payments?token=${encodeURIComponent(token)}`;
      onReported(await publicApi.post<Order>(url, { ...values, amount: order.amountDue }));
    } catch (failure) {
      applyServerErrors(form, await apiErrorOf(failure));
    }
  });

  return (
    <section aria-labelledby="pay-heading" className="space-y-4 rounded-lg border border-slate-300 p-4">
      <h2 id="pay-heading" className="text-lg font-bold text-brand-800">
        Pay {formatMoney(order.amountDue)}
      </h2>
      {optionsError && <p role="alert">{optionsError}</p>}
      {options && (
        <div className="space-y-3 text-sm">
          {options.sample && (
            <p className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900">
              These payment details are samples until the institute enters its own: do not pay into them.
            </p>
          )}
          <p>
            <a
              className="font-semibold text-brand-700 underline"
              href={upiPayLink({
                vpa: options.upi.vpa,
                payeeName: options.upi.payeeName,
                amount: order.amountDue,
                note: `NATCON ${order.orderNumber}`,
              })}
            >
              Pay by UPI app
            </a>{' '}
            to {options.upi.vpa} ({options.upi.payeeName}), note {order.orderNumber}.
          </p>
          <p>
            Bank transfer: {options.bank.accountName}, account {options.bank.accountNumber}, IFSC {options.bank.ifsc},{' '}
            {options.bank.bankName}, {options.bank.branch}.
          </p>
          <p>
            Demand draft or cheque: payable to {options.institute.name}, sent to {options.institute.address}.
          </p>
        </div>
      )}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
          <FormProblem />
          <FormSelectField id="pay-mode" name="mode" label="How you paid">
            {REPORTABLE_PAYMENT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {PAYMENT_MODE_LABELS[mode]}
              </option>
            ))}
          </FormSelectField>
          <FormTextField
            id="pay-reference"
            name="reference"
            label="Reference (UTR, transaction id, DD or cheque number)"
          />
          <FormTextField id="pay-date" name="paidOn" label="Paid on" {...inputType('date')} />
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Report the payment
          </button>
        </form>
      </FormProvider>
    </section>
  );
}
