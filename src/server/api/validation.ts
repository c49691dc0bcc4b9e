import type { ZodError } from 'zod';
import type { FieldErrors } from '../../lib/envelope';

/** One message per field, keyed by its dotted path; `_` for the body as a whole. */
export function fieldErrors(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
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
