import { z } from 'zod';
import { GST_SUPPLY_KINDS, GstSettingsBody, type GstSettings } from './gst';

/**
 * The GST settings form: its inputs hold text, which this turns into the API's body and then checks
 * with the API's own schema (`GstSettingsBody`), so the browser's messages are the server's rules.
 * The GSTIN's full check (State code, PAN, check character) is the server's: 400 `fields.gstin`.
 */
const purposeForm = z.object({
  sac: z.string(),
  ratePercent: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Enter the rate in per cent, such as 18.')
    .transform(Number),
});

export const GstSettingsFormSchema = z
  .object({
    legalName: z.string(),
    address: z.string(),
    gstin: z.string(),
    stateCode: z.string(),
    purposes: z.object({
      membership: purposeForm,
      natcon_delegate: purposeForm,
      natcon_award: purposeForm,
    }),
  })
  .transform((form) => ({ ...form, gstin: form.gstin.trim() === '' ? null : form.gstin.trim().toUpperCase() }))
  .pipe(GstSettingsBody);
export type GstSettingsFormValues = z.input<typeof GstSettingsFormSchema>;

export function gstSettingsFormValuesOf(settings: GstSettings): GstSettingsFormValues {
  const purposes = Object.fromEntries(
    GST_SUPPLY_KINDS.map((kind) => [
      kind,
      { sac: settings.purposes[kind].sac, ratePercent: String(settings.purposes[kind].ratePercent) },
    ]),
  ) as GstSettingsFormValues['purposes'];
  return { ...settings, gstin: settings.gstin ?? '', purposes };
}
