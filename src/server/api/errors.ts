import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiFailure, FieldErrors } from '../../lib/envelope';

/** Thrown anywhere below a route; the app turns it into the envelope with its status. */
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

export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);
export const conflict = (message: string, fields?: FieldErrors) => new ApiError(409, 'conflict', message, fields);
export const validationError = (fields: FieldErrors, message = 'Some fields need attention.') =>
  new ApiError(400, 'validation_failed', message, fields);
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new ApiError(429, 'too_many_requests', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
export const unsupportedMediaType = (message: string) => new ApiError(415, 'unsupported_media_type', message);
export const payloadTooLarge = (limitBytes: number) =>
  new ApiError(413, 'payload_too_large', `The request is larger than ${Math.floor(limitBytes / 1024)} KB.`);
