/**
 * The API envelope (docs/architecture.md, "How a request travels"): every answer of `/api` is one of these two shapes. The
 * server builds them (`respond` in `src/server/api/openapi.ts`) and the ky client (`src/lib/api-client.ts`)
 * reads them, so both sides name one description.
 */

/** Per-field messages of a refused request, keyed by the field's dotted path (`_` for the body). */
export type FieldErrors = Record<string, string>;

export interface ApiFailure {
  success: false;
  error: { code: string; message: string; fields?: FieldErrors };
}

export interface ApiSuccess<T> {
  success: true;
  data: T;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** One page of a server-paged list: every staff list and every member-facing list answers this. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
