import { createApiClient } from './api-client';

/** The public NATCON screens call the API without a session: registrants and nominators need no account. */
export const publicApi = createApiClient(() => null);

/** A registrant's private link back to their order (pay, tickets). */
export function orderLink(orderNumber: string, token: string): string {
  return `/natcon/register?order=${encodeURIComponent(orderNumber)}&token=${encodeURIComponent(token)}`;
}

export function ticketUrl(orderNumber: string, confirmationNumber: string, token: string): string {
  return `/api/natcon/registrations/${encodeURIComponent(orderNumber)}/tickets/${encodeURIComponent(confirmationNumber)}?token=${encodeURIComponent(token)}`;
}
