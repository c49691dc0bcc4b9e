import { z } from 'zod';
import { singleLineText } from './text';

/**
 * A registered buyer that pays a membership fee (an employer, or the member's organisation), as the
 * tax invoice names it: all optional; with a GSTIN the legal name and registered address are
 * required. The server checks the GSTIN in full (State code, PAN, check character) and answers
 * 400 `fields.gstin`; this shape only trims and limits.
 */
const optional = (max: number) =>
  singleLineText(z.string().trim().max(max, `Use at most ${max} characters.`))
    .optional()
    .transform((v) => v || undefined);

export const gstBuyerFields = {
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .max(15, 'A GSTIN has 15 characters.')
    .optional()
    .transform((v) => v || undefined),
  buyerName: optional(200),
  buyerAddress: optional(500),
};
