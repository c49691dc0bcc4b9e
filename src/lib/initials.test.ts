import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Rahul Sen', 'RS'],
    ['meera', 'M'],
    ['Anita Rani Das', 'AR'],
    ['  ', 'U'],
    [null, 'U'],
    ['Admin (demo)', 'AD'],
    ['(demo) admin', 'DA'],
    ['— ()', 'U'],
  ])('%s → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
