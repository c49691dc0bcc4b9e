import { get, useFormContext, useFormState } from 'react-hook-form';
import { TextField, type TextFieldProps } from '../../components/forms/FormFields';

/**
 * A `TextField` bound by name to the surrounding react-hook-form form, keeping every input
 * attribute (type, inputMode, rows) that the phone keyboard depends on.
 */
export function BoundTextField(props: TextFieldProps & { name: string }) {
  const { register, control } = useFormContext();
  const { errors } = useFormState({ control, name: props.name });
  const error = (get(errors, props.name) as { message?: string } | undefined)?.message;
  const { name, ...rest } = props;
  return <TextField {...(rest as TextFieldProps)} {...register(name)} error={error} />;
}
