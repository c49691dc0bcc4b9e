import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  get,
  useForm,
  useFormContext,
  useFormState,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { FieldErrors } from '../../lib/envelope';
import {
  FormAlert,
  SelectField,
  TextField,
  type SelectFieldProps,
  type TextFieldProps,
} from '../../components/forms/FormFields';

/**
 * Staff forms validate in the browser with the same zod schema the API route validates with
 * (`src/lib/schemas/<area>.ts`), through react-hook-form's zod resolver, and show the server's own
 * per-field messages (`error.fields`) beside the same inputs. The fields are the site's one set
 * (`src/components/forms/FormFields.tsx`), bound to the form by name inside a `<FormProvider>`.
 */

/** A react-hook-form form checked by `schema`; values are the schema's input (what the inputs hold). */
export function useZodForm<S extends z.ZodTypeAny>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    // Messages appear when the form is first sent, then follow each keystroke. Not on leaving a field: a
    // message appearing as the focus leaves it for the submit button moves that button from under the pointer,
    // and the click that was to send the form is lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The form-level message set by `applyServerErrors`, for `<FormProblem />`. */
export const SERVER_ERROR = 'root.server';

/**
 * Puts a refused request's messages beside the inputs: each `error.fields` entry on the field of that
 * path (`rename` maps an API path to the form's name where they differ), and the overall message,
 * with any field the form does not have, as the form's message. The first field with a message gets focus.
 */
export function applyServerErrors<F extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<F, unknown, Out>,
  error: { message: string; fields: FieldErrors },
  rename: Record<string, Path<F>> = {},
): void {
  const values = form.getValues();
  const leftOver: string[] = [];
  let focused = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const name = rename[path] ?? (path as Path<F>);
    if (get(values, name) === undefined) {
      leftOver.push(message);
      continue;
    }
    form.setError(name, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  form.setError(SERVER_ERROR as Path<F>, { type: 'server', message: [error.message, ...leftOver].join(' ') });
}

function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/** The field's own props but for what the form supplies; distributes over a union (text box or textarea). */
type Bound<P> = P extends unknown
  ? Omit<P, 'error' | 'name' | 'value' | 'onChange' | 'onBlur' | 'defaultValue'> & { name: string }
  : never;

/** A `TextField` bound by name to the surrounding form, showing its message (the resolver's or the server's). */
export function FormTextField({ name, ...props }: Bound<TextFieldProps>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <TextField {...(props as TextFieldProps)} {...register(name)} error={error} />;
}

/** A `SelectField` bound by name to the surrounding form. */
export function FormSelectField({ name, children, ...props }: Bound<SelectFieldProps> & { children: ReactNode }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <SelectField {...props} {...register(name)} error={error}>
      {children}
    </SelectField>
  );
}

/** The message of a refused submission (`applyServerErrors`), read out as it appears. */
export function FormProblem() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const message = (get(errors, SERVER_ERROR) as { message?: string } | undefined)?.message;
  return message ? <FormAlert>{message}</FormAlert> : null;
}

/** A checkbox bound by name to the surrounding form, its label beside it. */
export function FormCheckbox({
  id,
  name,
  label,
  className,
}: {
  id: string;
  name: string;
  label: ReactNode;
  /** Added to the row's own classes (`text-sm`). */
  className?: string;
}) {
  const { register } = useFormContext();
  return (
    <div className={className ? `flex items-center gap-2 ${className}` : 'flex items-center gap-2'}>
      <input id={id} type="checkbox" {...register(name)} className="h-4 w-4" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
