import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from './text';

/**
 * GST invoicing settings (`GET|PATCH /api/admin/settings/gst`, super admin). The GSTIN's full check
 * (State code, PAN, check character) runs on the server and answers 400 `fields.gstin`.
 */
export const GST_SUPPLY_KINDS = ['membership', 'natcon_delegate', 'natcon_award'] as const;
export type GstSupplyKind = (typeof GST_SUPPLY_KINDS)[number];
export const GST_SUPPLY_LABELS: Record<GstSupplyKind, string> = {
  membership: 'Membership subscription and entrance fee',
  natcon_delegate: 'NATCON delegate fee',
  natcon_award: 'NATCON award nomination fee',
};

const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value, { multiLine: true }), CONTROL_CHARACTER_MESSAGE);

export const GstPurposeSchema = z
  .object({
    sac: z
      .string()
      .trim()
      .regex(/^99\d{4}$/, 'Enter a six-digit SAC starting 99, such as 999512.'),
    ratePercent: z
      .number({ invalid_type_error: 'Enter the rate in per cent.' })
      .min(0, 'Use 0 to 40.')
      .max(40, 'Use 0 to 40.')
      .refine((rate) => Math.abs(Math.round(rate * 100) - rate * 100) < 1e-6, 'Use at most two decimals.'),
  })
  .strict();

export const GstSettingsBody = z
  .object({
    legalName: text(200, 'Enter the legal name as registered for GST.'),
    address: text(500, 'Enter the registered address.'),
    gstin: z.string().trim().toUpperCase().max(15, 'A GSTIN has 15 characters.').nullable(),
    stateCode: z.string().regex(/^\d{2}$/, 'Choose the State.'),
    purposes: z
      .object({
        membership: GstPurposeSchema,
        natcon_delegate: GstPurposeSchema,
        natcon_award: GstPurposeSchema,
      })
      .strict(),
  })
  .strict();
export type GstSettings = z.infer<typeof GstSettingsBody>;
