import { z } from 'zod';
import { multiLineText, singleLineText } from './text';

/**
 * The site's public contact details and social links (issue 28), set by the super admin and shown in
 * the footer and the chat panel only when set: no placeholder address, no link to a network's home page.
 */

export const SOCIAL_NETWORKS = {
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'www.facebook.com'] },
  x: { label: 'X', hosts: ['x.com', 'twitter.com', 'www.twitter.com'] },
  linkedin: { label: 'LinkedIn', hosts: ['linkedin.com', 'www.linkedin.com'] },
  youtube: { label: 'YouTube', hosts: ['youtube.com', 'www.youtube.com'] },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** Also null when absent: values saved before the field existed read as not set. */
const blankOrAbsentToNull = (value: unknown) => (value === undefined ? null : blankToNull(value));
const PHONE = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;

/** The institute's own page on a network: https, that network's host, and a path (not the home page). */
function socialUrl(network: SocialNetwork) {
  const { label, hosts } = SOCIAL_NETWORKS[network];
  const message = `Enter the address of NIPM's own ${label} page (https://${hosts[0]}/…).`;
  return z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(300, message)
      .refine((value) => {
        try {
          const url = new URL(value);
          return (
            url.protocol === 'https:' &&
            (hosts as readonly string[]).includes(url.hostname) &&
            url.pathname.replace(/\/+$/, '') !== ''
          );
        } catch {
          return false;
        }
      }, message)
      .nullable(),
  );
}

export const SiteSettingsSchema = z
  .object({
    contactEmail: z.preprocess(
      blankToNull,
      z.string().trim().toLowerCase().email('Enter an e-mail address.').max(200).nullable(),
    ),
    phone: z.preprocess(
      blankToNull,
      z.string().trim().regex(PHONE, 'Enter a phone number of digits, spaces or dashes.').nullable(),
    ),
    /** The number that answers on WhatsApp, with its country code (the chat panel links to wa.me). */
    whatsapp: z.preprocess(
      blankOrAbsentToNull,
      z
        .string()
        .trim()
        .regex(PHONE, 'Enter the WhatsApp number with its country code, such as +91 98300 12345.')
        .refine((value) => value.replace(/\D/g, '').length >= 10, 'Include the country code, such as +91.')
        .nullable(),
    ),
    /** When the national office answers, in the visitor's words (the chat panel shows it above the channels). */
    officeHours: z.preprocess(
      blankOrAbsentToNull,
      singleLineText(z.string().trim().max(120, 'Use at most 120 characters.')).nullable(),
    ),
    address: z.preprocess(
      blankToNull,
      multiLineText(z.string().trim().max(300, 'Use at most 300 characters.')).nullable(),
    ),
    social: z
      .object({
        facebook: socialUrl('facebook'),
        x: socialUrl('x'),
        linkedin: socialUrl('linkedin'),
        youtube: socialUrl('youtube'),
      })
      .strict(),
  })
  .strict();
export type SiteSettings = z.output<typeof SiteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof SiteSettingsSchema>;

export const EMPTY_SITE_SETTINGS: SiteSettings = {
  contactEmail: null,
  phone: null,
  whatsapp: null,
  officeHours: null,
  address: null,
  social: { facebook: null, x: null, linkedin: null, youtube: null },
};

/** The wa.me link of a WhatsApp number as the super admin wrote it (digits only, country code first). */
export function whatsappLink(number: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${number.replace(/\D/g, '')}${query}`;
}
