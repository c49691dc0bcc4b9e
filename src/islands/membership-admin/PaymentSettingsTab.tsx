import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { api, apiErrorOf } from '../../stores/api-client';
import type { PaymentSettingsAnswer } from '../../lib/schemas/money';
import { PaymentSettingsFormSchema, paymentSettingsFormValuesOf } from '../../lib/schemas/money-forms';
import { FormAlert } from '../../components/forms/FormFields';
import { FormProblem, FormProvider, FormTextField, useServerSubmit, useZodForm } from '../staff';

type Settings = z.infer<typeof PaymentSettingsAnswer>;
type Group = Settings['samples'][number];

const GROUP_TITLES: Record<Group, string> = {
  institute: 'Institute on receipts',
  gst: 'GST',
  upi: 'UPI',
  bank: 'Bank account',
};

/**
 * The super admin's payment settings: what receipts print (name, address, GSTIN), the GST rate, and
 * the UPI address and bank account every pay screen shows. Saved whole; the server's messages land
 * on the fields they are about.
 */
export default function PaymentSettingsTab() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<Settings>('/admin/settings/payments')
      .then(setSettings)
      .catch(async (error) => setProblem((await apiErrorOf(error)).message));
  }, []);

  if (problem) return <FormAlert>{problem}</FormAlert>;
  if (!settings) return <p className="text-slate-600">Loading…</p>;
  return <PaymentSettingsForm initial={settings} />;
}

function PaymentSettingsForm({ initial }: { initial: Settings }) {
  const form = useZodForm(PaymentSettingsFormSchema, paymentSettingsFormValuesOf(initial));
  const [samples, setSamples] = useState(initial.samples);

  const { busy, submit: save } = useServerSubmit(form, async (values) => {
    const saved = await api.patch<Settings>('/admin/settings/payments', values);
    form.reset(paymentSettingsFormValuesOf(saved));
    setSamples(saved.samples);
    toast.success('Payment settings saved. Pay screens and new receipts use them now.');
  });

  const group = (key: Group, children: ReactNode) => (
    <fieldset className="rounded-md border border-slate-300 p-4">
      <legend className="px-1 font-semibold">{GROUP_TITLES[key]}</legend>
      {/* No GST is a real setting as well as the sample's, so only the other groups are flagged. */}
      {samples.includes(key) && key !== 'gst' && (
        <p className="mb-2 text-sm font-medium text-amber-800" data-testid={`sample-${key}`}>
          Sample values: enter the institute’s own before anyone pays.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="max-w-3xl space-y-4"
        aria-label="Payment settings"
      >
        <p className="text-sm text-slate-700">
          Applicants and delegates pay to the UPI address and bank account below; receipts print the institute’s details
          and GST. Receipts already issued keep what they printed.
        </p>
        <FormProblem />
        {group(
          'institute',
          <>
            <FormTextField id="settings-institute-name" name="institute.name" label="Institute name" />
            <FormTextField
              id="settings-institute-gstin"
              name="institute.gstin"
              label="GSTIN"
              autoComplete="off"
              hint="Leave empty if the institute has none."
            />
            <div className="sm:col-span-2">
              <FormTextField
                id="settings-institute-address"
                name="institute.address"
                label="Address on receipts"
                multiline
                rows={2}
              />
            </div>
          </>,
        )}
        {group(
          'gst',
          <FormTextField
            id="settings-gst-rate"
            name="gst.ratePercent"
            label="GST rate (%)"
            inputMode="decimal"
            hint="Leave empty when fees carry no GST."
          />,
        )}
        {group(
          'upi',
          <>
            <FormTextField id="settings-upi-vpa" name="upi.vpa" label="UPI address" autoComplete="off" />
            <FormTextField id="settings-upi-payee" name="upi.payeeName" label="Payee name shown in UPI apps" />
          </>,
        )}
        {group(
          'bank',
          <>
            <FormTextField id="settings-bank-account-name" name="bank.accountName" label="Account name" />
            <FormTextField
              id="settings-bank-account-number"
              name="bank.accountNumber"
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
            />
            <FormTextField id="settings-bank-ifsc" name="bank.ifsc" label="IFSC" autoComplete="off" />
            <FormTextField id="settings-bank-name" name="bank.bankName" label="Bank" />
            <FormTextField id="settings-bank-branch" name="bank.branch" label="Branch" />
          </>,
        )}
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Save payment settings'}
        </button>
      </form>
    </FormProvider>
  );
}
