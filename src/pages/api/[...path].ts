import type { APIRoute } from 'astro';
import { handleApiRequest } from '../../server/api';
import { CLIENT_ADDRESS_HEADER } from '../../server/http/client-address';

export const prerender = false;

/** Development mount of the API app; production sends /api/* to it before Astro (server.mjs). */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  const forwarded = new Request(request, { headers });
  return handleApiRequest(forwarded);
};
