import { describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../../lib/roles';
import type { ApplicationStateCode } from '../../../lib/schemas/membership';
import type { AuthUser } from '../identity/auth-user';
import { memberNumber } from './approval';
import { allowedTransitions, isClosed, TRANSITION_RULES } from './transitions';
import { isRefundDue, refundNotice } from './views';

const as = (roleId: RoleId): AuthUser => ({
  id: 1,
  email: 'staff@nipm.example',
  name: 'Staff',
  image: null,
  roleId,
  memberId: null,
  chapterId: roleId === ROLE.chapterAdmin ? 3 : null,
});

const OPEN: ApplicationStateCode[] = [
  'awaiting_guardian',
  'awaiting_payment',
  'payment_reported',
  'payment_verified',
  'under_scrutiny',
  'recommended',
];

describe('what staff may do with an application', () => {
  it('lets the national office scrutinise, recommend, approve, reject and withdraw, each from its own states', () => {
    for (const role of [ROLE.superAdmin, ROLE.admin]) {
      expect(allowedTransitions(as(role), 'awaiting_guardian')).toEqual(['rejected', 'withdrawn']);
      expect(allowedTransitions(as(role), 'awaiting_payment')).toEqual(['rejected', 'withdrawn']);
      expect(allowedTransitions(as(role), 'payment_reported')).toEqual(['rejected', 'withdrawn']);
      expect(allowedTransitions(as(role), 'payment_verified')).toEqual(['under_scrutiny', 'rejected', 'withdrawn']);
      expect(allowedTransitions(as(role), 'under_scrutiny')).toEqual(['recommended', 'rejected', 'withdrawn']);
      expect(allowedTransitions(as(role), 'recommended')).toEqual(['approved', 'rejected', 'withdrawn']);
    }
  });

  it('lets a chapter admin only scrutinise and recommend', () => {
    const chapter = as(ROLE.chapterAdmin);
    expect(allowedTransitions(chapter, 'payment_verified')).toEqual(['under_scrutiny']);
    expect(allowedTransitions(chapter, 'under_scrutiny')).toEqual(['recommended']);
    expect(allowedTransitions(chapter, 'recommended')).toEqual([]);
    expect(allowedTransitions(chapter, 'awaiting_payment')).toEqual([]);
  });

  it('gives members and content admins nothing, and nobody anything on a closed application', () => {
    for (const state of OPEN) {
      expect(allowedTransitions(as(ROLE.member), state)).toEqual([]);
      expect(allowedTransitions(as(ROLE.contentAdmin), state)).toEqual([]);
    }
    for (const state of ['approved', 'rejected', 'withdrawn'] as const) {
      expect(allowedTransitions(as(ROLE.superAdmin), state)).toEqual([]);
      expect(isClosed(state)).toBe(true);
    }
    for (const state of OPEN) expect(isClosed(state)).toBe(false);
  });

  it('asks for the reason of a rejection and of a withdrawal, and for no other move', () => {
    expect(TRANSITION_RULES.rejected?.noteRequired).toBe('Give the reason for the rejection: the applicant reads it.');
    expect(TRANSITION_RULES.withdrawn?.noteRequired).toBe('Say who asked for the withdrawal and why.');
    expect(TRANSITION_RULES.under_scrutiny?.noteRequired).toBeUndefined();
    expect(TRANSITION_RULES.recommended?.noteRequired).toBeUndefined();
    expect(TRANSITION_RULES.approved?.noteRequired).toBeUndefined();
    expect(Object.keys(TRANSITION_RULES)).toEqual([
      'under_scrutiny',
      'recommended',
      'approved',
      'rejected',
      'withdrawn',
    ]);
  });
});

describe('member numbers', () => {
  it('are NIPM, the chapter code and five digits', () => {
    expect(memberNumber('KOL', 42)).toBe('NIPM/KOL/00042');
    expect(memberNumber('MUM', 123456)).toBe('NIPM/MUM/123456');
  });
});

describe('money of a withdrawn application', () => {
  it('is owed back when verified or reported, and only once the application is withdrawn', () => {
    expect(isRefundDue('withdrawn', 'verified')).toBe(true);
    expect(isRefundDue('withdrawn', 'reported')).toBe(true);
    expect(isRefundDue('withdrawn', 'rejected')).toBe(false);
    expect(isRefundDue('withdrawn', 'refunded')).toBe(false);
    expect(isRefundDue('rejected', 'verified')).toBe(false);
    expect(isRefundDue('approved', 'reported')).toBe(false);
  });

  type Payment = Parameters<typeof refundNotice>[0][number];
  const payment = (state: Payment['state'], amount: number, refundDue: boolean, refunded = 0): Payment => ({
    id: 1,
    state,
    mode: 'upi',
    reference: 'UPI-1',
    amount,
    paidOn: '2026-11-01',
    reportedAt: '2026-11-01T10:00:00.000Z',
    note: null,
    receiptNumber: null,
    refunded,
    refundDue,
    invoice: null,
    creditNotes: [],
  });

  it('tells the applicant the verified total will be refunded in full', () => {
    expect(refundNotice([payment('verified', 150000, true), payment('verified', 23600, true)])).toBe(
      'The Rs 1,736.00 you paid will be refunded to you in full by the national office, to the account it came from; they will write to you at this address when it is sent.',
    );
  });

  it('tells the applicant a reported payment is refunded once it is seen to arrive', () => {
    expect(refundNotice([payment('verified', 150000, true), payment('reported', 1000, true)])).toBe(
      'Once the national office has confirmed that your payment of Rs 1,510.00 arrived, it will be refunded to you in full, to the account it came from; they will write to you at this address when it is sent.',
    );
  });

  it('says nothing when nothing is owed back', () => {
    expect(refundNotice([])).toBeNull();
    expect(refundNotice([payment('rejected', 150000, false)])).toBeNull();
    expect(refundNotice([payment('rejected', 99, false), payment('verified', 150000, true)])).toMatch(
      /^The Rs 1,500\.00 you paid/,
    );
  });

  it('counts only what is still owed when part was refunded, and says when all of it went back', () => {
    expect(refundNotice([payment('verified', 150000, true, 50000)])).toMatch(/^The Rs 1,000\.00 you paid/);
    expect(refundNotice([payment('verified', 150000, false, 150000), payment('rejected', 99, false)])).toBe(
      'The national office has refunded Rs 1,500.00 to you; banks usually take 5-7 working days to show it.',
    );
  });
});
