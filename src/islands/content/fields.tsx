import type { InputHTMLAttributes, ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { TextField } from '../../components/forms/FormFields';

/**
 * The site's `TextField` bound to the surrounding form for inputs of a given type (date, datetime-local,
 * url, numeric) and for text areas with a height: `FormTextField` of the staff parts takes only the
 * props common to both, so it cannot pass `type` or `rows`.
 */
interface Common {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
}

function useError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

export function FormInput({
  name,
  ...props
}: Common & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete'>) {
  const { register } = useFormContext();
  return <TextField {...props} {...register(name)} error={useError(name)} />;
}

export function FormArea({ name, rows, ...props }: Common & { rows: number }) {
  const { register } = useFormContext();
  return <TextField {...props} multiline rows={rows} {...register(name)} error={useError(name)} />;
}
