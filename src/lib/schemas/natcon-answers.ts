import { z } from 'zod';
import {
  AWARD_NOMINEE_KINDS,
  NOMINATION_STATES,
  NOMINEE_KINDS,
  ORDER_STATES,
  ORDER_STATUSES,
  PAYMENT_STATES,
} from '../natcon';
import { OrderPolicyAnswerSchema } from './natcon-orders';

/** NATCON's answers as the API documents them and the screens read them. Money is integer paise. */

export const PublicCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fee: z.number().int(),
  earlyBirdFee: z.number().int().nullable(),
  earlyBirdUntil: z.string().nullable(),
  price: z.number().int(),
  earlyBird: z.boolean(),
  seats: z.number().int(),
  seatsLeft: z.number().int(),
  memberRate: z.boolean(),
  studentRate: z.boolean(),
});
export type PublicCategory = z.infer<typeof PublicCategorySchema>;

export const AwardCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  criteria: z.string(),
  nomineeKind: z.enum(AWARD_NOMINEE_KINDS),
});
export type AwardCategory = z.infer<typeof AwardCategorySchema>;

export const EditionSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  theme: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  venue: z.string(),
  city: z.string(),
  registrationOpensOn: z.string(),
  registrationClosesOn: z.string(),
  programme: z.string(),
  published: z.boolean(),
  /** GST code of the State the edition is held in; null until staff set it. */
  stateCode: z.string().nullable(),
});
export type EditionSummary = z.infer<typeof EditionSummarySchema>;

export const PublicNatconSchema = z.object({
  today: z.string(),
  edition: EditionSummarySchema.extend({
    registration: z.enum(['not_yet_open', 'open', 'closed']),
    gstPercent: z.number().nullable(),
    categories: z.array(PublicCategorySchema),
    awards: z.array(AwardCategorySchema),
  }).nullable(),
  pastEditions: z.array(EditionSummarySchema.pick({ id: true, title: true, year: true, theme: true, city: true })),
});
export type PublicNatcon = z.infer<typeof PublicNatconSchema>;

export const AdminEditionSchema = EditionSummarySchema.extend({
  categories: z.array(PublicCategorySchema.extend({ seatsTaken: z.number().int(), sortOrder: z.number().int() })),
  awards: z.array(AwardCategorySchema),
  /** Holds, reminders, offers and cancellations of its orders (issues 28 and 24). */
  policy: OrderPolicyAnswerSchema,
});
export type AdminEdition = z.infer<typeof AdminEditionSchema>;

export const DelegateSchema = z.object({
  id: z.number().int(),
  confirmationNumber: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  designation: z.string().nullable(),
  categoryId: z.number().int(),
  category: z.string(),
  price: z.number().int(),
  memberNumber: z.string().nullable(),
  /** The category is at a student's rate: the registrant uploads an ID. */
  studentIdRequired: z.boolean(),
  studentIdUploaded: z.boolean(),
  checkedInAt: z.string().nullable(),
});
export type Delegate = z.infer<typeof DelegateSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  edition: z.string(),
  state: z.enum(ORDER_STATES),
  paymentState: z.enum(PAYMENT_STATES),
  /** What the order is, as the screens say it: awaiting payment until paid (issue 28). */
  status: z.enum(ORDER_STATUSES),
  /** While awaiting payment: the moment its seats are released unless paid (ISO, UTC). */
  holdUntil: z.string().nullable(),
  /** Whether the buyer may cancel it on its page now (the edition's policy). */
  buyerMayCancel: z.boolean(),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  organisation: z.string().nullable(),
  gstin: z.string().nullable(),
  /** The buyer's registered address and State (GST code), printed on the tax invoice. */
  buyerAddress: z.string().nullable(),
  buyerStateCode: z.string().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  couponCode: z.string().nullable(),
  gstPercent: z.number().nullable(),
  gst: z.number().int(),
  amountDue: z.number().int(),
  pricedOn: z.string(),
  createdAt: z.string(),
  delegates: z.array(DelegateSchema),
  /** Verified payments' receipts (the PDF: `/api/payments/{paymentId}/receipt.pdf`). */
  receipts: z.array(
    z.object({
      paymentId: z.number().int(),
      receiptNumber: z.string(),
      /** The GST tax invoice issued with the payment (PDF: `/api/invoices/{id}.pdf`); null without one. */
      invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
      /** Credit notes against that invoice (a cancellation refunded), oldest first: `/api/credit-notes/{id}.pdf`. */
      creditNotes: z.array(z.object({ id: z.number().int(), number: z.string() })),
    }),
  ),
});
export type Order = z.infer<typeof OrderSchema>;

/** A delegate's own page (the link in their ticket e-mail): whose ticket it is and whether the desk admits it. */
export const DelegateTicketViewSchema = z.object({
  orderNumber: z.string(),
  confirmationNumber: z.string(),
  name: z.string(),
  /** The edition's title. */
  edition: z.string(),
  /** The order's status: the ticket is good at the door only while it is `confirmed`. */
  status: z.enum(ORDER_STATUSES),
});
export type DelegateTicketView = z.infer<typeof DelegateTicketViewSchema>;

export const RegistrationAnswerSchema = OrderSchema.extend({
  statusToken: z.string(),
  state: z.enum(['confirmed', 'waitlisted']),
  message: z.string(),
});
export type RegistrationAnswer = z.infer<typeof RegistrationAnswerSchema>;

export const AdminOrderListItemSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  state: z.enum(ORDER_STATES),
  paymentState: z.enum(PAYMENT_STATES),
  status: z.enum(ORDER_STATUSES),
  contactName: z.string(),
  contactEmail: z.string(),
  organisation: z.string().nullable(),
  categories: z.string(),
  delegateCount: z.number().int(),
  amountDue: z.number().int(),
  createdAt: z.string(),
});
export type AdminOrderListItem = z.infer<typeof AdminOrderListItemSchema>;

export const AdminOrderSchema = OrderSchema.extend({
  note: z.string().nullable(),
  /** Staff confirmed it without payment (an invited guest): why. */
  guestNote: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      mode: z.string(),
      reference: z.string(),
      amount: z.number().int(),
      paidOn: z.string(),
      state: z.string(),
      receiptNumber: z.string().nullable(),
    }),
  ),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const NominationSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  awardCategoryId: z.number().int(),
  award: z.string(),
  nomineeKind: z.enum(NOMINEE_KINDS),
  nomineeName: z.string(),
  nomineeOrganisation: z.string().nullable(),
  nomineeEmail: z.string().nullable(),
  nominatorName: z.string(),
  nominatorEmail: z.string(),
  writeUp: z.string(),
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
  state: z.enum(NOMINATION_STATES),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
});
export type Nomination = z.infer<typeof NominationSchema>;

export const CheckInAnswerSchema = z.object({
  confirmationNumber: z.string(),
  name: z.string(),
  organisation: z.string().nullable(),
  category: z.string(),
  paymentState: z.enum(PAYMENT_STATES),
  alreadyCheckedIn: z.boolean(),
  checkedInAt: z.string(),
});
export type CheckInAnswer = z.infer<typeof CheckInAnswerSchema>;

export const CheckInListItemSchema = z.object({
  confirmationNumber: z.string(),
  name: z.string(),
  organisation: z.string().nullable(),
  category: z.string(),
  checkedInAt: z.string(),
  checkedInBy: z.string().nullable(),
});

export const TotalsSchema = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      seats: z.number().int(),
      seatsTaken: z.number().int(),
      confirmedDelegates: z.number().int(),
      waitlistedDelegates: z.number().int(),
      checkedIn: z.number().int(),
      amountDue: z.number().int(),
    }),
  ),
  orders: z.object({ confirmed: z.number().int(), waitlisted: z.number().int(), cancelled: z.number().int() }),
  moneyCollected: z.number().int(),
  moneyReported: z.number().int(),
});
export type Totals = z.infer<typeof TotalsSchema>;
