/**
 * The institute's name and the footer's links. Its contact details (e-mail, phone, WhatsApp, address) are
 * not here: the super admin sets them in the site settings, and the footer and the chat panel show only
 * what is set (issue 28).
 */
export const INSTITUTE = {
  name: 'National Institute of Personnel Management',
  shortName: 'NIPM',
} as const;

export const QUICK_LINKS = [
  { name: 'About NIPM', href: '/about' },
  { name: 'Become a member', href: '/membership/registration' },
  { name: 'Events', href: '/events' },
  { name: 'Chapters', href: '/chapters' },
  { name: 'National HR Awards', href: '/natcon/register' },
  { name: 'Personnel Today', href: '/research/personnel-today' },
  { name: 'Gallery', href: '/resources/gallery' },
  { name: 'Member log in', href: '/auth/login' },
] as const;

/** (spec) Logged-out action buttons of the header. */
export const HEADER_ACTIONS = [
  { name: 'Join Now', href: '/membership/registration' },
  { name: 'National HR Awards', href: '/natcon/register' },
  { name: 'Log in', href: '/auth/login' },
] as const;

export const COPYRIGHT_YEAR = 2025;
