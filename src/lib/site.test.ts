import { describe, expect, it } from 'vitest';
import { COPYRIGHT_YEAR, HEADER_ACTIONS, SOCIAL_LINKS } from './site';

describe('header and footer data', () => {
  it('offers exactly the spec logged-out actions', () => {
    expect(HEADER_ACTIONS).toEqual([
      { name: 'Join Now', href: '/membership/registration' },
      { name: 'National HR Awards', href: '/natcon/register' },
      { name: 'Log in', href: '/auth/login' },
    ]);
  });

  it('links the four spec social networks and the 2025 copyright', () => {
    expect(SOCIAL_LINKS.map((link) => link.name)).toEqual(['Facebook', 'X', 'LinkedIn', 'YouTube']);
    expect(COPYRIGHT_YEAR).toBe(2025);
  });
});
