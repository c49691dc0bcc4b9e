import { useEffect, useState } from 'react';
import { apiErrorOf } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { orderLink, publicApi } from '../../lib/natcon-api';
import type { PublicNatcon, RegistrationAnswer } from '../../lib/schemas/natcon';
import { DelegateTicket } from './DelegateTicket';
import { OrderStatus } from './OrderStatus';
import { RegistrationForm } from './RegistrationForm';

/**
 * `/natcon/register`: the form, or (with `?order=&token=`, or once placed) the registrant's order, or
 * (with `?order=&ticket=&token=`, a delegate's link) that delegate's ticket and privacy rights.
 */
export default function NatconRegister() {
  const [link] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const order = params.get('order');
    const token = params.get('token');
    return order && token ? { order, token, ticket: params.get('ticket') } : null;
  });
  const [placed, setPlaced] = useState<RegistrationAnswer | null>(null);
  const [natcon, setNatcon] = useState<PublicNatcon | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (link) return;
    publicApi
      .get<PublicNatcon>('/natcon')
      .then(setNatcon)
      .catch(async (failure) => setError((await apiErrorOf(failure)).message));
  }, [link]);

  if (link?.ticket) return <DelegateTicket order={link.order} ticket={link.ticket} token={link.token} />;
  if (link) return <OrderStatus orderNumber={link.order} token={link.token} />;
  if (placed) {
    return (
      <OrderStatus
        orderNumber={placed.orderNumber}
        token={placed.statusToken}
        initial={placed}
        message={placed.message}
      />
    );
  }
  if (error) return <p role="alert">{error}</p>;
  if (!natcon) return <p role="status">Loading…</p>;
  const edition = natcon.edition;
  if (!edition) return <p>No conference is open for registration yet.</p>;
  if (edition.registration !== 'open') {
    return (
      <p>
        Registration for {edition.title}{' '}
        {edition.registration === 'closed'
          ? `closed on ${formatDate(edition.registrationClosesOn)}.`
          : `opens on ${formatDate(edition.registrationOpensOn)}.`}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p>
        {edition.title}: {edition.theme}. {formatDate(edition.startsOn)} to {formatDate(edition.endsOn)},{' '}
        {edition.venue}, {edition.city}.
      </p>
      <RegistrationForm
        edition={edition}
        onPlaced={(answer) => {
          // The address becomes the order's private link, so a reload shows the order, not an empty form.
          window.history.replaceState(null, '', orderLink(answer.orderNumber, answer.statusToken));
          setPlaced(answer);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
