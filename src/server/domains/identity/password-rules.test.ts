import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rules';

describe('password rules', () => {
  it('accepts a long, uncommon password', () => {
    expect(passwordProblem('Demo@NIPM2025')).toBeNull();
    expect(passwordProblem('Ab1@xyz9')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', () => {
    expect(passwordProblem('Ab1@xyz')).toBe('Use at least 8 characters.');
    expect(passwordProblem('x'.repeat(129))).toBe('Use at most 128 characters.');
  });

  it('refuses common passwords whatever their case', () => {
    expect(passwordProblem('Password123')).toMatch(/too common/);
    expect(passwordProblem('QWERTYUIOP')).toMatch(/too common/);
  });
});
