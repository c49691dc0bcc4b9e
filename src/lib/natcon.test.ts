import { describe, expect, it } from 'vitest';
import {
  cancellationKeeps,
  currentPrice,
  gstOn,
  isEarlyBird,
  orderStatus,
  registrationWindow,
  seatsMessage,
  seatsShortMessage,
  ticketsValid,
} from './natcon';

describe('NATCON prices', () => {
  const category = { fee: 1_200_000, earlyBirdFee: 900_000, earlyBirdUntil: '2027-01-31' };

  it('charges the early-bird fee up to and including its last day, then the fee', () => {
    expect(currentPrice(category, '2027-01-30')).toBe(900_000);
    expect(currentPrice(category, '2027-01-31')).toBe(900_000);
    expect(currentPrice(category, '2027-02-01')).toBe(1_200_000);
    expect(isEarlyBird(category, '2027-02-01')).toBe(false);
  });

  it('charges the fee when there is no early bird', () => {
    expect(currentPrice({ fee: 500_000, earlyBirdFee: null, earlyBirdUntil: null }, '2020-01-01')).toBe(500_000);
  });

  it('rounds GST to the paisa and charges none without a rate', () => {
    expect(gstOn(900_000, 18)).toBe(162_000);
    expect(gstOn(333, 18)).toBe(60);
    expect(gstOn(900_000, null)).toBe(0);
  });
});

describe('registration window', () => {
  const edition = { opensOn: '2026-11-01', closesOn: '2027-02-15' };
  it('is open from the first to the last day, both included', () => {
    expect(registrationWindow(edition, '2026-10-31')).toBe('not_yet_open');
    expect(registrationWindow(edition, '2026-11-01')).toBe('open');
    expect(registrationWindow(edition, '2027-02-15')).toBe('open');
    expect(registrationWindow(edition, '2027-02-16')).toBe('closed');
  });
});

describe('seats message', () => {
  it('says nothing while the group fits, and names the category when it does not', () => {
    expect(seatsMessage('Student', 3, 3)).toBeNull();
    expect(seatsMessage('Student', 0, 1)).toBe('Student is full: this registration joins the waiting list.');
    expect(seatsMessage('Student', 1, 3)).toBe(
      'Only 1 seat left in Student: this registration joins the waiting list.',
    );
    expect(seatsShortMessage('Hall', 2, 'it stays on the waiting list')).toBe(
      'Only 2 seats left in Hall: it stays on the waiting list.',
    );
  });
});

describe('order status and cancellation terms (issues 28 and 24)', () => {
  const seated = {
    state: 'confirmed' as const,
    paymentState: 'unpaid' as const,
    holdUntil: '2027-01-10T00:00:00.000Z',
    holdKind: 'order' as const,
    guestConfirmed: false,
    released: false,
  };

  it('is awaiting payment while seats are held, offered for a waiting order, confirmed only when paid or a guest', () => {
    expect(orderStatus(seated)).toBe('awaiting_payment');
    expect(orderStatus({ ...seated, holdKind: 'offer' })).toBe('offered');
    expect(orderStatus({ ...seated, paymentState: 'reported' })).toBe('awaiting_payment');
    expect(orderStatus({ ...seated, paymentState: 'verified', holdUntil: null })).toBe('confirmed');
    expect(orderStatus({ ...seated, paymentState: 'not_due', holdUntil: null })).toBe('confirmed');
    expect(orderStatus({ ...seated, guestConfirmed: true, holdUntil: null })).toBe('confirmed');
    // An order placed before holds existed, unpaid: still not confirmed, and its tickets are not good.
    expect(orderStatus({ ...seated, holdUntil: null })).toBe('awaiting_payment');
    expect(orderStatus({ ...seated, state: 'cancelled', released: true })).toBe('released');
    expect(orderStatus({ ...seated, state: 'cancelled' })).toBe('cancelled');
    expect(orderStatus({ ...seated, state: 'waitlisted', holdUntil: null })).toBe('waitlisted');
  });

  it('lets a ticket in only for a confirmed order', () => {
    expect(ticketsValid(seated)).toBe(false);
    expect(ticketsValid({ ...seated, paymentState: 'verified' })).toBe(false);
    expect(ticketsValid({ ...seated, paymentState: 'verified', holdUntil: null })).toBe(true);
    expect(ticketsValid({ ...seated, state: 'cancelled', paymentState: 'verified', holdUntil: null })).toBe(false);
  });

  it('keeps a percentage rounded to the paisa or a fixed sum, never more than was paid', () => {
    expect(cancellationKeeps({ keepKind: 'percent', keepValue: 10 }, 1_180_005)).toBe(118_001);
    expect(cancellationKeeps({ keepKind: 'percent', keepValue: 0 }, 500_000)).toBe(0);
    expect(cancellationKeeps({ keepKind: 'percent', keepValue: 100 }, 500_000)).toBe(500_000);
    expect(cancellationKeeps({ keepKind: 'fixed', keepValue: 100_000 }, 500_000)).toBe(100_000);
    expect(cancellationKeeps({ keepKind: 'fixed', keepValue: 900_000 }, 500_000)).toBe(500_000);
    expect(cancellationKeeps({ keepKind: 'fixed', keepValue: 100_000 }, 0)).toBe(0);
  });
});
