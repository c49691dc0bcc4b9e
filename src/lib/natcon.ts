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

/**
 * What an order is, as the buyer and the desk read it (issue 28): derived from the stored state,
 * payment state and hold, never stored. An order holding seats is `confirmed` only once its payment
 * is verified, nothing is due, or staff confirmed it unpaid (an invited guest); until then it is
 * awaiting payment (placed so) or offered (a freed seat from the waiting list).
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'offered',
  'confirmed',
  'waitlisted',
  'cancelled',
  'released',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  offered: 'Seat offered: awaiting payment',
  confirmed: 'Confirmed',
  waitlisted: 'Waiting list',
  cancelled: 'Cancelled',
  released: 'Released: not paid in time',
};

export interface OrderStatusFacts {
  state: OrderState;
  paymentState: OrderPaymentState;
  holdUntil: string | null;
  holdKind: 'order' | 'offer' | null;
  guestConfirmed: boolean;
  released: boolean;
}

/** Whether a seated order's tickets are good at the door: paid, nothing due, or a guest of the institute. */
export function ticketsValid(order: Omit<OrderStatusFacts, 'holdKind' | 'released'>): boolean {
  if (order.state !== 'confirmed' || order.holdUntil !== null) return false;
  return order.paymentState === 'verified' || order.paymentState === 'not_due' || order.guestConfirmed;
}

export function orderStatus(order: OrderStatusFacts): OrderStatus {
  if (order.state === 'cancelled') return order.released ? 'released' : 'cancelled';
  if (order.state === 'waitlisted') return 'waitlisted';
  if (ticketsValid(order)) return 'confirmed';
  return order.holdKind === 'offer' && order.holdUntil !== null ? 'offered' : 'awaiting_payment';
}

/** A hold's end as the buyer reads it, in India's time whatever the reader's clock says. */
export function holdDeadline(iso: string | null): string {
  if (!iso) return 'the time set';
  const when = new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${when} (India time)`;
}

export const KEEP_KINDS = ['fixed', 'percent'] as const;
export type KeepKind = (typeof KEEP_KINDS)[number];

/**
 * What a cancellation keeps of `paid` (paise): a fixed sum, or a percentage rounded to the nearest
 * paisa; never more than was paid. The refund is `paid` less this.
 */
export function cancellationKeeps(policy: { keepKind: KeepKind; keepValue: number }, paid: number): number {
  const kept = policy.keepKind === 'fixed' ? policy.keepValue : Math.round((paid * policy.keepValue) / 100);
  return Math.max(0, Math.min(paid, kept));
}

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
  return seatsLeft >= wanted ? null : seatsShortMessage(name, seatsLeft, 'this registration joins the waiting list');
}

/** Why a category cannot take a group: full, or how few seats it has left, and what happens then. */
export function seatsShortMessage(name: string, seatsLeft: number, outcome: string): string {
  if (seatsLeft === 0) return `${name} is full: ${outcome}.`;
  return `Only ${seatsLeft} seat${seatsLeft === 1 ? '' : 's'} left in ${name}: ${outcome}.`;
}
