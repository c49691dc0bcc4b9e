import { z } from 'zod';
import {
  AWARD_NOMINEE_KINDS,
  NATCON_MAX_DELEGATES_PER_ORDER,
  NOMINATION_STATES,
  NOMINEE_KINDS,
  ORDER_STATES,
  PAYMENT_STATES,
} from '../natcon';
import { isoDate, MAX_RECORD_ID, pagingQuery, sortQuery } from './common';
import { multiLineText, singleLineText } from './text';

/**
 * NATCON's shapes: the bodies the forms send (validated again by the API with the same schemas) and
 * the answers the screens read. Money is integer paise.
 */

export const name = (label: string, max = 120) =>
  singleLineText(z.string().trim().min(1, `Enter ${label}.`).max(max, `At most ${max} characters.`));
const optionalText = (max: number) =>
  singleLineText(z.string().trim().max(max, `At most ${max} characters.`))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const email = z.string().trim().toLowerCase().max(320).email('Enter a valid e-mail address.');
/** Indian mobile or landline: digits with an optional +91, spaces and dashes allowed. */
const phone = z
  .string()
  .trim()
  .regex(/^(\+91[\s-]?)?[0-9][0-9\s-]{8,13}[0-9]$/, 'Enter a phone number of 10 digits (with +91 if you like).');
/** GSTIN: 2-digit state, PAN (10), entity, Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const paise = (label: string) =>
  z
    .number({ invalid_type_error: `Enter ${label} in paise.` })
    .int(`Enter ${label} in whole paise.`)
    .min(0, `${label} cannot be negative.`)
    .max(100_000_000, `${label} is too large.`);

export const DelegateInputSchema = z
  .object({
    name: name('the delegate’s name'),
    email,
    phone,
    designation: optionalText(120),
    /** Defaults to the order's category. */
    categoryId: z.number().int().positive().max(MAX_RECORD_ID).optional(),
    /** For a member's rate: the member number; the delegate's e-mail must be the one on that record. */
    memberNumber: singleLineText(z.string().trim().max(40)).optional().nullable(),
  })
  .strict();
export type DelegateInput = z.infer<typeof DelegateInputSchema>;

export const RegistrationBodySchema = z
  .object({
    editionId: z.number().int().positive().max(MAX_RECORD_ID).optional(),
    categoryId: z.number().int().positive().max(MAX_RECORD_ID),
    contact: z.object({ name: name('your name'), email, phone }).strict(),
    organisation: optionalText(200),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(GSTIN_PATTERN, 'Enter a 15-character GSTIN, for example 19AAACN1234F1Z5.')
      .optional()
      .nullable()
      .or(z.literal('').transform(() => null)),
    /** The address the GSTIN is registered at (needed with a GSTIN), for the tax invoice. */
    buyerAddress: optionalText(500),
    /** The buyer's State as a GST code (an unregistered buyer's; a registered one's is in the GSTIN). */
    buyerStateCode: z
      .string()
      .regex(/^\d{2}$/, 'Choose your State from the list.')
      .optional()
      .nullable()
      .or(z.literal('').transform(() => null)),
    coupon: z.string().trim().max(40).optional().nullable(),
    /** The optional consent to the newsletter: its own box, never ticked beforehand. */
    newsletter: z.boolean().optional(),
    delegates: z
      .array(DelegateInputSchema)
      .min(1, 'Add at least one delegate.')
      .max(NATCON_MAX_DELEGATES_PER_ORDER, `At most ${NATCON_MAX_DELEGATES_PER_ORDER} delegates in one order.`),
  })
  .strict();
export type RegistrationBody = z.infer<typeof RegistrationBodySchema>;

export const editionFields = z
  .object({
    title: name('the edition’s title'),
    year: z.number().int().min(2000).max(2100),
    theme: name('the theme', 300),
    startsOn: isoDate,
    endsOn: isoDate,
    venue: name('the venue', 200),
    city: name('the city', 100),
    registrationOpensOn: isoDate,
    registrationClosesOn: isoDate,
    programme: multiLineText(z.string().trim().max(20_000)).optional(),
    published: z.boolean().optional(),
    /** The GST code of the State it is held in: the place of supply for unregistered delegates. */
    stateCode: z
      .string()
      .regex(/^\d{2}$/, 'Choose the State it is held in.')
      .nullable()
      .optional(),
  })
  .strict();

type EditionDates = { startsOn: string; endsOn: string; registrationOpensOn: string; registrationClosesOn: string };

/** The date rules of an edition, shared by the API's body and the settings form: `.refine(...rule)`. */
type EditionRule = [(e: EditionDates) => boolean, { message: string; path: string[] }];
export const ENDS_AFTER_START: EditionRule = [
  (e) => e.endsOn >= e.startsOn,
  { message: 'The conference ends on or after its first day.', path: ['endsOn'] },
];
export const CLOSES_AFTER_OPENING: EditionRule = [
  (e) => e.registrationClosesOn >= e.registrationOpensOn,
  { message: 'Registration closes on or after it opens.', path: ['registrationClosesOn'] },
];

export const EditionBodySchema = editionFields.refine(...ENDS_AFTER_START).refine(...CLOSES_AFTER_OPENING);
export type EditionBody = z.infer<typeof EditionBodySchema>;

export const categoryFields = {
  name: name('the category’s name', 100),
  fee: paise('The fee'),
  earlyBirdFee: paise('The early-bird fee').optional().nullable(),
  earlyBirdUntil: isoDate.optional().nullable(),
  seats: z.number().int().min(0).max(100_000),
  memberRate: z.boolean().optional(),
  studentRate: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
};

export const CategoryBodySchema = z
  .object(categoryFields)
  .strict()
  .refine((c) => (c.earlyBirdFee == null) === (c.earlyBirdUntil == null), {
    message: 'Give the early-bird fee and its last day together.',
    path: ['earlyBirdUntil'],
  })
  .refine((c) => c.earlyBirdFee == null || c.earlyBirdFee <= c.fee, {
    message: 'The early-bird fee is at most the fee.',
    path: ['earlyBirdFee'],
  });
export type CategoryBody = z.infer<typeof CategoryBodySchema>;

export const CategoryPatchSchema = z
  .object(categoryFields)
  .partial()
  .strict()
  .refine((c) => Object.keys(c).length > 0, { message: 'Change at least one field.', path: ['name'] });
export type CategoryPatch = z.infer<typeof CategoryPatchSchema>;

export const AwardCategoryBodySchema = z
  .object({
    name: name('the award’s name', 150),
    criteria: multiLineText(z.string().trim().min(1, 'Enter the criteria.').max(5000)),
    nomineeKind: z.enum(AWARD_NOMINEE_KINDS),
  })
  .strict();
export type AwardCategoryBody = z.infer<typeof AwardCategoryBodySchema>;

export const AwardCategoryPatchSchema = AwardCategoryBodySchema.partial().refine((a) => Object.keys(a).length > 0, {
  message: 'Change at least one field.',
  path: ['name'],
});
export type AwardCategoryPatch = z.infer<typeof AwardCategoryPatchSchema>;

/** The text fields of a nomination (sent as multipart form fields with the supporting PDF). */
export const NominationFieldsSchema = z
  .object({
    awardCategoryId: z
      .string()
      .regex(/^\d{1,9}$/, 'Choose an award.')
      .transform(Number),
    nomineeKind: z.enum(NOMINEE_KINDS, { errorMap: () => ({ message: 'Choose a person or an organisation.' }) }),
    nomineeName: name('the nominee’s name', 200),
    nomineeOrganisation: optionalText(200),
    nomineeEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(320)
      .email('Enter a valid e-mail address.')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    nominatorName: name('your name'),
    nominatorEmail: email,
    writeUp: multiLineText(
      z
        .string()
        .trim()
        .min(50, 'Write at least 50 characters about the nominee.')
        .max(5000, 'At most 5,000 characters.'),
    ),
    orderNumber: z.string().trim().max(30).optional(),
  })
  .strict();

export const NominationReviewSchema = z
  .object({
    state: z.enum(NOMINATION_STATES),
    note: multiLineText(z.string().trim().max(2000)).optional().nullable(),
  })
  .strict();

export const CancelBodySchema = z
  .object({ note: multiLineText(z.string().trim().min(1, 'Say why it is cancelled.').max(2000)) })
  .strict();

export const MoveDelegateSchema = z.object({ categoryId: z.number().int().positive().max(MAX_RECORD_ID) }).strict();

export const CheckInBodySchema = z
  .object({
    code: z.string().trim().toUpperCase().min(1, 'Scan or type the ticket code.').max(60, 'This is not a ticket code.'),
  })
  .strict();

const optionalIdQuery = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'Use a record id made of digits.')
  .transform(Number)
  .optional();

/** Filters of the desk's registrations (list and CSV export). */
export const OrderFilterQuery = z.object({
  editionId: optionalIdQuery,
  categoryId: optionalIdQuery,
  chapterId: optionalIdQuery,
  state: z.enum(ORDER_STATES).optional(),
  paymentState: z.enum(PAYMENT_STATES).optional(),
  organisation: z.string().trim().max(100).optional(),
  q: z.string().trim().max(100).optional(),
});
export const ORDER_SORTS = ['createdAt', 'organisation', 'amountDue'] as const;
/** `GET /api/admin/natcon/registrations`: page, order and filters (the desk keeps them in the address). */
export const OrderListQuery = pagingQuery().merge(sortQuery(ORDER_SORTS, '-createdAt')).merge(OrderFilterQuery);

export * from './natcon-answers';
export * from './natcon-orders';

/** A select's value ('' for "the order's category") as the optional id the API takes. */
const formCategoryId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z
    .number({ invalid_type_error: 'Choose a category.' })
    .int()
    .positive('Choose a category.')
    .max(MAX_RECORD_ID, 'Choose a category.')
    .optional(),
);

/** The registration form: the API's body, with the selects' text values read as ids. */
export const RegistrationFormSchema = z
  .object({
    categoryId: z.preprocess(
      (v) => Number(v),
      z.number().int().positive('Choose a category.').max(MAX_RECORD_ID, 'Choose a category.'),
    ),
    contact: RegistrationBodySchema.shape.contact,
    organisation: RegistrationBodySchema.shape.organisation,
    gstin: RegistrationBodySchema.shape.gstin,
    buyerAddress: RegistrationBodySchema.shape.buyerAddress,
    buyerStateCode: RegistrationBodySchema.shape.buyerStateCode,
    coupon: RegistrationBodySchema.shape.coupon,
    newsletter: RegistrationBodySchema.shape.newsletter,
    delegates: z
      .array(DelegateInputSchema.extend({ categoryId: formCategoryId }))
      .min(1, 'Add at least one delegate.')
      .max(NATCON_MAX_DELEGATES_PER_ORDER, `At most ${NATCON_MAX_DELEGATES_PER_ORDER} delegates in one order.`),
  })
  .strict();

/** `GET /api/admin/natcon/check-ins` and the desk's list of them. */
export const CheckInListQuery = pagingQuery().extend({ editionId: optionalIdQuery });
/** `GET /api/admin/natcon/nominations`: page and filters. */
export const NominationListQuery = pagingQuery().extend({
  editionId: optionalIdQuery,
  awardCategoryId: optionalIdQuery,
  state: z.enum(NOMINATION_STATES).optional(),
});
