import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from './ConfirmDialog';
import { FormProblem } from './form';

export interface FormDialogProps<F extends FieldValues, Out extends FieldValues> {
  open: boolean;
  title: string;
  /** The zod-checked form (`useZodForm`) whose fields are the children. */
  form: UseFormReturn<F, unknown, Out>;
  /** Runs the form's own submit (`form.handleSubmit(...)`): from the confirm button or Enter in a field. */
  onSubmit(): Promise<void>;
  confirmLabel: string;
  busy: boolean;
  onCancel(): void;
  children: ReactNode;
}

/**
 * A staff form in the modal dialog (create or change one record): the dialog's confirm button submits
 * it, Enter in a field does the same, and the server's refusal shows above the fields (`FormProblem`)
 * and beside them (`applyServerErrors`).
 */
export function FormDialog<F extends FieldValues, Out extends FieldValues>({
  open,
  title,
  form,
  onSubmit,
  confirmLabel,
  busy,
  onCancel,
  children,
}: FormDialogProps<F, Out>) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={busy ? 'Saving…' : confirmLabel}
      busy={busy}
      onConfirm={() => void onSubmit()}
      onCancel={onCancel}
    >
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
          className="space-y-3"
        >
          <FormProblem />
          {children}
        </form>
      </FormProvider>
    </ConfirmDialog>
  );
}
