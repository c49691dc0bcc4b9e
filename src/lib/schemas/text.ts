import type { z } from 'zod';

/**
 * Names and titles are shown to other people: they must not carry characters that are invisible or
 * change how the text around them reads (issue 7, item 9). Refused: C0 and C1 control characters
 * (NUL included) and DEL, the bidirectional marks, embeddings, overrides and isolates (U+061C,
 * U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), the line and paragraph separators and the BOM.
 * Zero-width joiners stay: Indian scripts need them. Multi-line text (a message) keeps tab, line
 * feed and carriage return.
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const SINGLE_LINE_FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff]/;
const MULTI_LINE_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff]/;
/* eslint-enable no-control-regex */

export const CONTROL_CHARACTER_MESSAGE = 'Remove control or text-direction characters.';

export function hasControlCharacters(value: string, options: { multiLine?: boolean } = {}): boolean {
  return (options.multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** The refinement every name and title field uses (API schemas and forms alike). */
export function singleLineText<T extends z.ZodTypeAny>(field: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return field.refine((value: unknown) => typeof value !== 'string' || !hasControlCharacters(value), {
    message: CONTROL_CHARACTER_MESSAGE,
  });
}

/** The same for text that may run over several lines (a notice's message). */
export function multiLineText<T extends z.ZodTypeAny>(field: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return field.refine(
    (value: unknown) => typeof value !== 'string' || !hasControlCharacters(value, { multiLine: true }),
    {
      message: CONTROL_CHARACTER_MESSAGE,
    },
  );
}
