/**
 * The institute's contact details and footer links, shared by the footer, the chat widget and
 * the 404 page. Values marked (sample) are placeholders until the national office confirms them.
 */
export const INSTITUTE = {
  name: 'National Institute of Personnel Management',
  shortName: 'NIPM',
  /** (sample) Postal address of the national office. */
  address: ['NIPM House, 3rd Floor', '12 Park Street', 'Kolkata 700016, West Bengal'],
  /** (sample) */
  phone: '+91 33 4000 0000',
  /** (sample) */
  email: 'info@example.org',
  /** (sample) WhatsApp number in international form, digits only. */
  whatsapp: '913340000000',
} as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

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
