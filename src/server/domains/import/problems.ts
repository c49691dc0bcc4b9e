import { conflict, invalid, notFound, tooLarge as tooLargeError, unsupported } from '../errors';
import { ImportFileError } from './read-file';

/**
 * The refusals of the import, in one place: a file too large, of a type it cannot read, a mapping
 * or a state that does not allow the step. Each says what staff can do about it.
 */
export const tooLarge = (message: string) => tooLargeError(message, { file: message });
export const unsupportedFile = (message: string) => unsupported(message, { file: message });
export const invalidInput = (fields: Record<string, string>, message?: string) => invalid(fields, message);
export const wrongState = (message: string) => conflict(message);
export const noSuchImport = () => notFound('No such import.');

/** A file that cannot be read at all, as the refusal the upload answers. */
export function fileRefusal(error: ImportFileError): Error {
  if (error.problem === 'unsupported_type') return unsupportedFile(error.message);
  return invalidInput({ file: error.message }, error.message);
}
