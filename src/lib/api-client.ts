import ky, { HTTPError, type KyInstance } from 'ky';
import { API_BASE_PATH, API_TIMEOUT_MS, UNAUTHORIZED_LOG_MESSAGE } from './constants';
import type { ApiFailure, ApiSuccess, FieldErrors } from './envelope';

/**
 * (spec section 7) How the site's one API client behaves: same-origin calls under /api, the bearer
 * token of the current session when there is one (no Authorization header otherwise), a 10 s
 * time-out, answers reduced to their `data`. A 401 is logged and passed on: no redirect or
 * sign-out happens here. The session is not read here: `src/stores/api-client.ts` builds the
 * client with the session store's token, so this layer stays below the stores.
 */
export type TokenSource = () => Promise<string | null | undefined> | string | null | undefined;

export type SearchParams = Record<string, string | number | boolean>;

export interface ApiClient {
  /** The ky instance, for answers that are not the JSON envelope (files, CSV). */
  http: KyInstance;
  get<T>(path: string, searchParams?: SearchParams): Promise<T>;
  post<T>(path: string, json?: unknown): Promise<T>;
  put<T>(path: string, json?: unknown): Promise<T>;
  patch<T>(path: string, json?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

/** For tests outside a browser: the origin to resolve `/api` against, and the fetch to call. */
export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
}

export function createApiClient(tokenOf: TokenSource, options: ApiClientOptions = {}): ApiClient {
  const http = ky.create({
    prefix: API_BASE_PATH,
    timeout: API_TIMEOUT_MS,
    retry: 0,
    ...options,
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          const token = await tokenOf();
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

  const data = async <T>(request: Promise<ApiSuccess<T>>): Promise<T> => (await request).data;

  return {
    http,
    get: <T>(path: string, searchParams?: SearchParams) => data(http.get(path, { searchParams }).json<ApiSuccess<T>>()),
    post: <T>(path: string, json?: unknown) => data(http.post(path, { json }).json<ApiSuccess<T>>()),
    put: <T>(path: string, json?: unknown) => data(http.put(path, { json }).json<ApiSuccess<T>>()),
    patch: <T>(path: string, json?: unknown) => data(http.patch(path, { json }).json<ApiSuccess<T>>()),
    delete: <T>(path: string) => data(http.delete(path).json<ApiSuccess<T>>()),
  };
}

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
