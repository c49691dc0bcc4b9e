import { describe, expect, it } from 'vitest';
import { ageOn, guardianIssues, needsGuardian } from './guardian';

describe('an applicant under 18 needs a guardian', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-20', '2026-11-19')).toBe(17);
    expect(ageOn('2008-11-20', '2026-11-20')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('asks for a guardian only under 18, and only for a complete date', () => {
    expect(needsGuardian('2008-11-21', '2026-11-20')).toBe(true);
    expect(needsGuardian('2008-11-20', '2026-11-20')).toBe(false);
    expect(needsGuardian('', '2026-11-20')).toBe(false);
    expect(needsGuardian(undefined, '2026-11-20')).toBe(false);
    expect(needsGuardian('2010-1-5', '2026-11-20')).toBe(false);
  });

  it('wants the guardian’s name and their own e-mail', () => {
    const minor = { dateOfBirth: '2012-01-01', email: 'anu@example.test' };
    expect(guardianIssues(minor, '2026-11-20').map((i) => i.path)).toEqual(['guardianName', 'guardianEmail']);
    expect(
      guardianIssues({ ...minor, guardianName: 'Ravi', guardianEmail: ' ANU@example.test ' }, '2026-11-20'),
    ).toEqual([{ path: 'guardianEmail', message: 'Give your parent’s or guardian’s own e-mail, not yours.' }]);
    expect(
      guardianIssues({ ...minor, guardianName: 'Ravi', guardianEmail: 'ravi@example.test' }, '2026-11-20'),
    ).toEqual([]);
    expect(guardianIssues({ dateOfBirth: '1990-01-01', email: 'a@b.in' }, '2026-11-20')).toEqual([]);
  });
});
