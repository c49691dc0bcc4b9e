import { describe, expect, it } from 'vitest';
import { COPYRIGHT_YEAR, HEADER_ACTIONS } from './site';

describe('header and footer data', () => {
  it('offers exactly the spec logged-out actions', () => {
    expect(HEADER_ACTIONS).toEqual([
      { name: 'Join Now', href: '/membership/registration' },
      { name: 'National HR Awards', href: '/natcon/register' },
      { name: 'Log in', href: '/auth/login' },
    ]);
  });

  it('keeps the 2025 copyright (social links are site settings: lib/schemas/site-settings.ts)', () => {
    expect(COPYRIGHT_YEAR).toBe(2025);
  });
});
