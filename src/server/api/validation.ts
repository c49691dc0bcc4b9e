import type { ZodType, ZodTypeDef } from 'zod';
import type { ZodError } from 'zod';
import { ApiError, validationError } from './errors';
import type { AppContext } from './context';

/** One message per field, keyed by its dotted path; `_` for the body as a whole. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[issue.path.concat(k).join('.')] ??= 'Unknown field.';
      continue;
    }
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parseWith<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

/** Reads a JSON body and validates it; the schema should be `.strict()` so unknown fields are refused. */
export async function parseJsonBody<T>(c: AppContext, schema: ZodType<T, ZodTypeDef, unknown>): Promise<T> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'malformed_json', 'The body is not valid JSON.');
  }
  return parseWith(schema, body);
}

export function parseQuery<T>(c: AppContext, schema: ZodType<T, ZodTypeDef, unknown>): T {
  return parseWith(schema, c.req.query());
}

/** A positive integer id from the path, or undefined (answered as 404 like any unknown record). */
export function idParam(value: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}
