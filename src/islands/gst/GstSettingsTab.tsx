import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { api, apiErrorOf } from '../../stores/api-client';
import { PLACE_OF_SUPPLY_STATES } from '../../lib/gst-states';
import { GST_SUPPLY_KINDS, GST_SUPPLY_LABELS, type GstSettings, type LateCreditNote } from '../../lib/schemas/gst';
import { GstSettingsFormSchema, gstSettingsFormValuesOf } from '../../lib/schemas/gst-forms';
import { formatDate, formatMoney } from '../../lib/format';
import { FormAlert } from '../../components/forms/FormFields';
import { FormProblem, FormProvider, FormSelectField, FormTextField, useServerSubmit, useZodForm } from '../staff';

/**
 * The super admin's GST settings (`/admin/membership?tab=gst-settings`): the institute as a
 * registered supplier (legal name, registered address, GSTIN, State) and per kind of supply its SAC
 * and rate. With no GSTIN the site issues receipts only. Below the form, the credit notes issued
 * too late to reduce their invoice's year (section 34(2)), for the accountant to treat by hand.
 */
export default function GstSettingsTab() {
  const [settings, setSettings] = useState<GstSettings | null>(null);
  const [late, setLate] = useState<LateCreditNote[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<GstSettings>('/admin/settings/gst')
      .then(setSettings)
      .catch(async (error) => setProblem((await apiErrorOf(error)).message));
    api.get<LateCreditNote[]>('/admin/settings/gst/late-credit-notes').then(setLate, () => setLate([]));
  }, []);

  if (problem) return <FormAlert>{problem}</FormAlert>;
  if (!settings) return <p className="text-slate-600">Loading…</p>;
  return (
    <div className="space-y-8">
      <GstSettingsForm initial={settings} />
      <LateCreditNotes notes={late} />
    </div>
  );
}

function GstSettingsForm({ initial }: { initial: GstSettings }) {
  const form = useZodForm(GstSettingsFormSchema, gstSettingsFormValuesOf(initial));
  const [invoicing, setInvoicing] = useState(Boolean(initial.gstin));

  const { busy, submit: save } = useServerSubmit(form, async (values) => {
    const saved = await api.patch<GstSettings>('/admin/settings/gst', values);
    form.reset(gstSettingsFormValuesOf(saved));
    setInvoicing(Boolean(saved.gstin));
    toast.success(
      saved.gstin
        ? 'GST settings saved. Payments verified from now on get tax invoices with these details.'
        : 'GST settings saved. With no GSTIN, verified payments get receipts only.',
    );
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="max-w-3xl space-y-4"
        aria-label="GST settings"
      >
        <p className="text-sm text-slate-700">
          What every tax invoice prints about the institute, and the SAC and rate of each kind of fee. Invoices already
          issued keep what they printed; prices already quoted keep their rate. The institute’s accountant confirms the
          SAC codes and rates (see the GST page of the documentation for the defaults and why).
        </p>
        <p className="text-sm font-medium" data-testid="gst-invoicing-state">
          {invoicing
            ? 'Tax invoices are issued when payments are verified.'
            : 'No GSTIN is set: verified payments get receipts only, and fees use the payment settings’ GST rate.'}
        </p>
        <FormProblem />
        <fieldset className="rounded-md border border-slate-300 p-4">
          <legend className="px-1 font-semibold">The institute as registered</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormTextField id="gst-legal-name" name="legalName" label="Legal name" />
            <FormTextField
              id="gst-gstin"
              name="gstin"
              label="GSTIN"
              autoComplete="off"
              autoCapitalize="characters"
              hint="15 characters. Leave empty to issue receipts only."
            />
            <FormSelectField id="gst-state" name="stateCode" label="State (GST code)">
              {PLACE_OF_SUPPLY_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name} ({state.code})
                </option>
              ))}
            </FormSelectField>
            <div className="sm:col-span-2">
              <FormTextField id="gst-address" name="address" label="Registered address" multiline rows={2} />
            </div>
          </div>
        </fieldset>
        <fieldset className="rounded-md border border-slate-300 p-4">
          <legend className="px-1 font-semibold">SAC and rate of each fee</legend>
          <div className="space-y-3">
            {GST_SUPPLY_KINDS.map((kind) => (
              <div key={kind} className="grid gap-3 sm:grid-cols-[1fr_10rem_8rem] sm:items-end">
                <p className="text-sm font-medium sm:pb-2">{GST_SUPPLY_LABELS[kind]}</p>
                <FormTextField
                  id={`gst-${kind}-sac`}
                  name={`purposes.${kind}.sac`}
                  label={`SAC (${GST_SUPPLY_LABELS[kind]})`}
                  inputMode="numeric"
                />
                <FormTextField
                  id={`gst-${kind}-rate`}
                  name={`purposes.${kind}.ratePercent`}
                  label={`Rate % (${GST_SUPPLY_LABELS[kind]})`}
                  inputMode="decimal"
                />
              </div>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Save GST settings'}
        </button>
      </form>
    </FormProvider>
  );
}

function LateCreditNotes({ notes }: { notes: LateCreditNote[] }) {
  return (
    <section aria-labelledby="late-credit-notes" className="max-w-3xl">
      <h2 id="late-credit-notes" className="text-lg font-semibold">
        Credit notes issued after 30 November of the following year
      </h2>
      {notes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">None: every credit note reduced the tax of its invoice’s year.</p>
      ) : (
        <>
          <p role="alert" className="mt-1 text-sm font-medium text-amber-800">
            These credit notes were issued after 30 November following the end of their invoice’s financial year: under
            section 34(2) of the CGST Act their tax no longer reduces that year’s liability. Tell the accountant.
          </p>
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {notes.map((note) => (
              <li key={note.id} className="py-2">
                <span className="font-mono">{note.number}</span> of {formatDate(note.issuedOn)} against{' '}
                <span className="font-mono">{note.invoiceNumber}</span> of {formatDate(note.invoiceDate)} (
                {note.buyerName}): {formatMoney(note.total)}. {note.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
