import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiFailure, FieldErrors } from '../../lib/envelope';
import { DomainError, type DomainErrorKind } from '../domains/errors';

/**
 * Refusals that exist only in HTTP (a body over the limit, a content type the route does not read,
 * a server not ready), and the one place a domain error becomes a status: the app's error handler
 * answers both in the envelope.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ApiFailure {
    return {
      success: false,
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const unsupportedMediaType = (message: string) => new ApiError(415, 'unsupported_media_type', message);
export const payloadTooLarge = (limitBytes: number) =>
  new ApiError(413, 'payload_too_large', `The request is larger than ${Math.floor(limitBytes / 1024)} KB.`);

const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
};

/** The HTTP answer for a domain error: its kind's status, its code and message, Retry-After when given. */
export function httpErrorOf(error: DomainError): ApiError {
  const headers =
    error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(error.retryAfterSeconds) };
  return new ApiError(STATUS_OF_KIND[error.kind], error.code, error.message, error.fields, headers);
}
