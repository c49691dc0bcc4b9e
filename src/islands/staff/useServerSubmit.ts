import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { apiErrorOf } from '../../stores/api-client';
import { applyServerErrors } from './form';

export interface ServerSubmit {
  /** True while the request runs: the submit button shows it and refuses a second press. */
  busy: boolean;
  /** The form's submit handler (`onSubmit`), which checks the fields first. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * Sends a checked form to the server: `send` gets the schema's output once the fields pass, the form is
 * busy meanwhile, and a refusal puts the server's messages beside the fields (`applyServerErrors`, with
 * `rename` for API paths the form names otherwise). What a success does (toast, reset, close) is `send`'s.
 */
export function useServerSubmit<F extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<F, unknown, Out>,
  send: (values: Out) => Promise<void>,
  rename?: Record<string, Path<F>>,
): ServerSubmit {
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await send(values);
    } catch (failure) {
      applyServerErrors(form, await apiErrorOf(failure), rename);
    } finally {
      setBusy(false);
    }
  });
  return { busy, submit };
}
