import { describe, expect, it } from 'vitest';
import { parseSelectedMemberId, problemOf } from './portal-api';

describe('parseSelectedMemberId', () => {
  it.each([
    ['42', 42],
    [null, null],
    ['', null],
    ['0', null],
    ['-3', null],
    ['4.5', null],
    ['12abc', null],
    ['99999999999999999999', null],
  ])('%s → %s', (value, expected) => {
    expect(parseSelectedMemberId(value)).toBe(expected);
  });
});

describe('problemOf', () => {
  it('tells not-found and forbidden apart from other failures', () => {
    expect(problemOf(404)).toBe('not-found');
    expect(problemOf(403)).toBe('forbidden');
    expect(problemOf(500)).toBe('failed');
  });
});
