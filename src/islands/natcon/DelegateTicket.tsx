import { useEffect, useState } from 'react';
import { apiErrorOf } from '../../lib/api-client';
import type { OrderStatus } from '../../lib/natcon';
import { publicApi, ticketUrl } from '../../lib/natcon-api';
import type { DelegateTicketView } from '../../lib/schemas/natcon';
import { LinkPrivacy } from '../privacy/LinkPrivacy';

const UNPAID =
  'This ticket is not valid at the moment: the registration’s payment has not been verified. The registration desk will not admit it until it is; the person who registered you can see why on their order.';

/** Why a ticket is not good at the door, in the delegate's terms (they may never have seen the order). */
const NOT_ADMITTED: Record<Exclude<OrderStatus, 'confirmed'>, string> = {
  awaiting_payment: UNPAID,
  offered: UNPAID,
  waitlisted: 'This ticket is not valid: the registration is on the waiting list.',
  cancelled: 'This ticket is no longer valid: the registration was cancelled. The registration desk will not admit it.',
  released:
    'This ticket is no longer valid: the registration was not paid in time and its seats were released. The registration desk will not admit it.',
};

/**
 * A delegate's own page, from the private link in their ticket e-mail (`/natcon/register?order=&ticket=&token=`):
 * their ticket again while it is good at the door (otherwise why not), and their privacy rights (a delegate who
 * is not the order's contact never sees the order).
 */
export function DelegateTicket({ order, ticket, token }: { order: string; ticket: string; token: string }) {
  const [view, setView] = useState<DelegateTicketView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    publicApi
      .get<DelegateTicketView>(
        `/natcon/registrations/${encodeURIComponent(order)}/delegates/${encodeURIComponent(ticket)}`,
        { token },
      )
      .then(setView)
      .catch(async (failure) => setProblem((await apiErrorOf(failure)).message));
  }, [order, ticket, token]);

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Your ticket {ticket}</h2>
      {problem && <p role="alert">{problem}</p>}
      {!problem && !view && <p role="status">Loading your ticket…</p>}
      {view && (
        <>
          <p>
            {view.name}, {view.edition}.
          </p>
          {view.status === 'confirmed' ? (
            <p>
              Show its QR code at the registration desk.{' '}
              <a href={ticketUrl(order, ticket, token)} className="text-brand-700 underline">
                Download your ticket (PDF)
              </a>
            </p>
          ) : (
            <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3">
              {NOT_ADMITTED[view.status]}
            </p>
          )}
        </>
      )}
      {!problem && <LinkPrivacy linkKey={{ kind: 'delegate', token, order, ticket }} />}
    </div>
  );
}
