import { describe, expect, it } from 'vitest';
import { currentPrice, gstOn, isEarlyBird, registrationWindow, seatsMessage } from './natcon';

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
  });
});
