import { z } from 'zod';
import { PAYMENT_STATES } from './money';

/** The member portal's own money (issue 28): the caller's payments and NATCON orders (client-safe). */

export const MyPaymentSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  /** The application's reference, the member's number or the NATCON order's number. */
  forLabel: z.string().nullable(),
  amount: z.number().int(),
  refunded: z.number().int(),
  mode: z.string(),
  reference: z.string().nullable(),
  paidOn: z.string(),
  state: z.enum(PAYMENT_STATES),
  /** Why staff did not accept it (rejected payments only). */
  note: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** Credit notes against that invoice (a refund), oldest first: `/api/credit-notes/{id}.pdf`. */
  creditNotes: z.array(z.object({ id: z.number().int(), number: z.string() })),
});
export type MyPayment = z.infer<typeof MyPaymentSchema>;

export const MyNatconOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string().nullable(),
  edition: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  state: z.string(),
  paymentState: z.string(),
  delegates: z.number().int(),
  amountDue: z.number().int(),
  placedAt: z.string(),
  payment: z.object({ id: z.number().int(), receiptNumber: z.string().nullable() }).nullable(),
});
export type MyNatconOrder = z.infer<typeof MyNatconOrderSchema>;
