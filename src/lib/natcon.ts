/**
 * NATCON rules every side shares (client-safe): the price of a delegate category on a date, whether
 * registration is open, and the words for order and nomination states. Dates are Kolkata calendar
 * dates (`kolkataDate` in `financial-year.ts`), compared as `YYYY-MM-DD` text.
 */
import { gstOnTaxable } from './gst-amount';

export interface PricedCategory {
  fee: number;
  earlyBirdFee: number | null;
  earlyBirdUntil: string | null;
}

/** True while the early-bird fee applies: up to and including its last day in Kolkata. */
export function isEarlyBird(category: PricedCategory, today: string): boolean {
  return category.earlyBirdFee !== null && category.earlyBirdUntil !== null && today <= category.earlyBirdUntil;
}

/** The fee of one delegate of the category on `today` (paise). */
export function currentPrice(category: PricedCategory, today: string): number {
  return isEarlyBird(category, today) ? (category.earlyBirdFee as number) : category.fee;
}

export type RegistrationWindow = 'not_yet_open' | 'open' | 'closed';

export function registrationWindow(edition: { opensOn: string; closesOn: string }, today: string): RegistrationWindow {
  if (today < edition.opensOn) return 'not_yet_open';
  if (today > edition.closesOn) return 'closed';
  return 'open';
}

/** GST on an amount at a percent, rounded as every GST sum is (gst-amount.ts). */
export function gstOn(amount: number, percent: number | null): number {
  return gstOnTaxable(amount, percent);
}

export const ORDER_STATES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  confirmed: 'Confirmed',
  waitlisted: 'Waiting list',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATES = ['unpaid', 'reported', 'verified', 'not_due'] as const;
export type OrderPaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<OrderPaymentState, string> = {
  unpaid: 'Awaiting payment',
  reported: 'Payment reported',
  verified: 'Paid',
  not_due: 'Nothing to pay',
};

export const NOMINATION_STATES = ['received', 'shortlisted', 'winner', 'not_selected'] as const;
export type NominationState = (typeof NOMINATION_STATES)[number];
export const NOMINATION_STATE_LABELS: Record<NominationState, string> = {
  received: 'Received',
  shortlisted: 'Shortlisted',
  winner: 'Winner',
  not_selected: 'Not selected',
};

export const NOMINEE_KINDS = ['person', 'organisation'] as const;
export const AWARD_NOMINEE_KINDS = ['person', 'organisation', 'either'] as const;

/** Most delegates one order may carry: a large company's group, not a bulk import. */
export const NATCON_MAX_DELEGATES_PER_ORDER = 25;
/** Largest student ID or supporting PDF accepted. */
export const NATCON_UPLOAD_MAX_MB = 5;

/** The words the form shows when a category cannot take the group. */
export function seatsMessage(name: string, seatsLeft: number, wanted: number): string | null {
  if (seatsLeft >= wanted) return null;
  if (seatsLeft === 0) return `${name} is full: this registration joins the waiting list.`;
  return `Only ${seatsLeft} seat${seatsLeft === 1 ? '' : 's'} left in ${name}: this registration joins the waiting list.`;
}
