import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { SubmitButton } from '../../components/forms/FormFields';
import type { ServerSubmit } from './useServerSubmit';
import { FormProblem } from './form';

export interface FormCardProps<F extends FieldValues, Out extends FieldValues> {
  /** The zod-checked form (`useZodForm`) whose fields are the children. */
  form: UseFormReturn<F, unknown, Out>;
  /** Its sending (`useServerSubmit`): the submit handler and whether it runs. */
  sending: ServerSubmit;
  /** Prefixes the heading's id, which names the form. */
  id: string;
  heading: ReactNode;
  submitLabel: string;
  children: ReactNode;
}

/**
 * A form of its own on a settings page, in a bordered card named by its heading: the server's refusal
 * above the fields (`FormProblem`), the fields, then the submit button, "Saving…" while it is sent.
 */
export function FormCard<F extends FieldValues, Out extends FieldValues>({
  form,
  sending,
  id,
  heading,
  submitLabel,
  children,
}: FormCardProps<F, Out>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void sending.submit(event)}
        aria-labelledby={`${id}-heading`}
        className="space-y-3 rounded-lg border border-slate-300 p-4"
      >
        <h3 id={`${id}-heading`} className="font-semibold">
          {heading}
        </h3>
        <FormProblem />
        {children}
        <SubmitButton busy={sending.busy} busyLabel="Saving…">
          {submitLabel}
        </SubmitButton>
      </form>
    </FormProvider>
  );
}
