import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The error half of the API envelope (DESIGN.md section 2). */
export interface ErrorBody {
  success: false;
  error: { code: string; message: string; fields?: Record<string, string> };
}

export interface SuccessBody<T> {
  success: true;
  data: T;
}

/** Thrown anywhere below a route; the app turns it into the envelope with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
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
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, 'conflict', message, fields);
export const validationError = (fields: Record<string, string>, message = 'Some fields need attention.') =>
  new ApiError(400, 'validation_failed', message, fields);
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new ApiError(429, 'too_many_requests', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
