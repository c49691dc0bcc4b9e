import ky, { HTTPError } from 'ky';
import { API_BASE_PATH, API_TIMEOUT_MS, UNAUTHORIZED_LOG_MESSAGE } from './constants';
import { currentSession } from '../stores/session';
import type { ApiFailure, ApiSuccess, FieldErrors } from './envelope';

/**
 * (spec section 7) The one client every island uses: same-origin calls under /api, the bearer
 * token of the current session when there is one, a 10 s time-out, answers reduced to their
 * `data`. A 401 is logged and passed on: no redirect or sign-out happens here.
 */
export const http = ky.create({
  prefix: API_BASE_PATH,
  timeout: API_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        const token = (await currentSession())?.user?.token;
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        else request.headers.delete('Authorization');
      },
    ],
    beforeError: [
      ({ error }) => {
        if (error instanceof HTTPError && error.response.status === 401) console.error(UNAUTHORIZED_LOG_MESSAGE);
        return error;
      },
    ],
  },
});

async function unwrap<T>(request: Promise<ApiSuccess<T>>): Promise<T> {
  return (await request).data;
}

export const api = {
  get: <T>(path: string, searchParams?: Record<string, string | number | boolean>) =>
    unwrap(http.get(path, { searchParams }).json<ApiSuccess<T>>()),
  post: <T>(path: string, json?: unknown) => unwrap(http.post(path, { json }).json<ApiSuccess<T>>()),
  put: <T>(path: string, json?: unknown) => unwrap(http.put(path, { json }).json<ApiSuccess<T>>()),
  patch: <T>(path: string, json?: unknown) => unwrap(http.patch(path, { json }).json<ApiSuccess<T>>()),
  delete: <T>(path: string) => unwrap(http.delete(path).json<ApiSuccess<T>>()),
};

/** The server's message (and per-field messages) from a failed call, for forms and toasts. */
export async function apiErrorOf(error: unknown): Promise<{ status: number; message: string; fields: FieldErrors }> {
  if (error instanceof HTTPError) {
    // ky has already read the body into `data`; a non-JSON answer (a proxy's page) leaves a string.
    const body = (typeof error.data === 'object' && error.data ? error.data : {}) as Partial<ApiFailure>;
    return {
      status: error.response.status,
      message: body.error?.message ?? `Request failed (${error.response.status}).`,
      fields: body.error?.fields ?? {},
    };
  }
  return { status: 0, message: 'Could not reach the server. Check your connection and try again.', fields: {} };
}
