import { ticketUrl } from '../../lib/natcon-api';
import { LinkPrivacy } from '../privacy/LinkPrivacy';

/**
 * A delegate's own page, from the private link in their ticket e-mail (`/natcon/register?order=&ticket=&token=`):
 * their ticket again, and their privacy rights (a delegate who is not the order's contact never sees the order).
 */
export function DelegateTicket({ order, ticket, token }: { order: string; ticket: string; token: string }) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Your ticket {ticket}</h2>
      <p>
        Show its QR code at the registration desk.{' '}
        <a href={ticketUrl(order, ticket, token)} className="text-brand-700 underline">
          Download your ticket (PDF)
        </a>
      </p>
      <LinkPrivacy linkKey={{ kind: 'delegate', token, order, ticket }} />
    </div>
  );
}
