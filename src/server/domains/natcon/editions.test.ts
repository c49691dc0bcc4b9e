import { describe, expect, it } from 'vitest';
import { awardCategory, editionSummary, publicCategory } from './editions';

type CategoryRow = Parameters<typeof publicCategory>[0];
type EditionRow = Parameters<typeof editionSummary>[0];

const category = (changes: Partial<CategoryRow> = {}): CategoryRow => ({
  id: 5,
  edition_id: 1,
  name: 'Member delegate',
  fee: 1200000,
  early_bird_fee: 1000000,
  early_bird_until: '2026-12-15',
  seats: 300,
  seats_taken: 120,
  member_rate: 1,
  student_rate: 0,
  sort_order: 1,
  created_at: '2026-09-01T00:00:00.000Z',
  updated_at: '2026-09-01T00:00:00.000Z',
  ...changes,
});

describe('a delegate category as the public page shows it', () => {
  it('shows the early-bird price up to and on its last day, with the seats left', () => {
    expect(publicCategory(category(), '2026-12-15')).toEqual({
      id: 5,
      name: 'Member delegate',
      fee: 1200000,
      earlyBirdFee: 1000000,
      earlyBirdUntil: '2026-12-15',
      price: 1000000,
      earlyBird: true,
      seats: 300,
      seatsLeft: 180,
      memberRate: true,
      studentRate: false,
    });
  });

  it('shows the full fee after the early-bird date, and the student rate', () => {
    expect(publicCategory(category({ member_rate: 0, student_rate: 1 }), '2026-12-16')).toMatchObject({
      price: 1200000,
      earlyBird: false,
      memberRate: false,
      studentRate: true,
    });
  });

  it('shows no seats left, never fewer than none, when the category is full or over-filled', () => {
    expect(publicCategory(category({ seats_taken: 300 }), '2026-12-01').seatsLeft).toBe(0);
    expect(publicCategory(category({ seats_taken: 305 }), '2026-12-01').seatsLeft).toBe(0);
    expect(publicCategory(category({ seats_taken: 299 }), '2026-12-01').seatsLeft).toBe(1);
  });
});

describe('an edition summary', () => {
  it('names every field as the API does, published or not', () => {
    const row: EditionRow = {
      id: 3,
      title: 'NATCON 2026',
      year: 2026,
      theme: 'People first',
      starts_on: '2027-01-15',
      ends_on: '2027-01-17',
      venue: 'Biswa Bangla Convention Centre',
      city: 'Kolkata',
      registration_opens_on: '2026-10-01',
      registration_closes_on: '2027-01-10',
      programme: 'Day one: keynote',
      published: 1,
      state_code: '19',
      created_at: '2026-09-01T00:00:00.000Z',
      updated_at: '2026-09-01T00:00:00.000Z',
      hold_hours: 48,
      reminder_hours: 24,
      offer_hours: 24,
      self_cancel: 1,
      self_cancel_until: null,
      cancel_keep_kind: 'fixed',
      cancel_keep_value: 0,
    };
    expect(editionSummary(row)).toEqual({
      id: 3,
      title: 'NATCON 2026',
      year: 2026,
      theme: 'People first',
      startsOn: '2027-01-15',
      endsOn: '2027-01-17',
      venue: 'Biswa Bangla Convention Centre',
      city: 'Kolkata',
      registrationOpensOn: '2026-10-01',
      registrationClosesOn: '2027-01-10',
      programme: 'Day one: keynote',
      published: true,
      stateCode: '19',
    });
    expect(editionSummary({ ...row, published: 0 }).published).toBe(false);
  });

  it('names an award category', () => {
    expect(
      awardCategory({
        id: 9,
        edition_id: 3,
        name: 'Best HR practice',
        criteria: 'Measured results',
        nominee_kind: 'organisation',
        created_at: '2026-09-01T00:00:00.000Z',
      }),
    ).toEqual({ id: 9, name: 'Best HR practice', criteria: 'Measured results', nomineeKind: 'organisation' });
  });
});
