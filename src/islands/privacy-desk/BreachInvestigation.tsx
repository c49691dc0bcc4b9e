import toast from 'react-hot-toast';
import { z } from 'zod';
import { BreachInvestigationBody, type Breach } from '../../lib/schemas/privacy-desk';
import { api, apiErrorOf } from '../../stores/api-client';
import { applyServerErrors, FormDialog, FormTextField, useZodForm } from '../staff';

/** The inputs turned into the API's investigation; a datetime-local input holds the staff member's own time. */
const InvestigationForm = z
  .object({
    occurredAt: z.string(),
    location: z.string(),
    measures: z.string(),
    cause: z.string(),
    findings: z.string(),
    prevention: z.string(),
  })
  .transform(({ occurredAt, ...rest }) => ({
    ...rest,
    occurredAt: occurredAt ? new Date(occurredAt).toISOString() : null,
  }))
  .pipe(BreachInvestigationBody);

/** `2027-06-01T13:00:00.000Z` → the same moment as a datetime-local input shows it in this browser's zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const moment = new Date(iso);
  return new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function valuesOf(breach: Breach): z.input<typeof InvestigationForm> {
  return {
    occurredAt: toLocalInput(breach.occurredAt),
    location: breach.location ?? '',
    measures: breach.measures,
    cause: breach.cause ?? '',
    findings: breach.findings ?? '',
    prevention: breach.prevention ?? '',
  };
}

/**
 * What the investigation of a recorded breach found, for the report to the Board (rule 7(2)(b)). What the
 * people affected were e-mailed is not offered here: it stays as it was sent.
 */
export function BreachInvestigationDialog({
  breach,
  onClose,
  onSaved,
}: {
  breach: Breach;
  onClose: () => void;
  onSaved: (breach: Breach) => void;
}) {
  const form = useZodForm(InvestigationForm, valuesOf(breach));

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await api.put<Breach>(`/admin/privacy/breaches/${breach.id}/investigation`, body);
      toast.success(`Breach ${breach.id}: the investigation is recorded; the report to the Board shows it.`);
      onSaved(saved);
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem);
      toast.error(problem.message);
    }
  });

  return (
    <FormDialog
      open
      title={`Investigation of breach ${breach.id}`}
      form={form}
      onSubmit={submit}
      confirmLabel="Save the investigation"
      busy={form.formState.isSubmitting}
      onCancel={onClose}
    >
      <FormTextField id="investigation-occurred" name="occurredAt" label="When it happened" type="datetime-local" />
      <FormTextField id="investigation-location" name="location" label="Where (system, office)" />
      <FormTextField
        id="investigation-measures"
        name="measures"
        label="What the institute has done and is doing"
        multiline
      />
      <FormTextField
        id="investigation-cause"
        name="cause"
        label="Facts and reasons leading to it (for the Board)"
        multiline
      />
      <FormTextField
        id="investigation-findings"
        name="findings"
        label="Findings about who caused it (for the Board)"
        multiline
      />
      <FormTextField
        id="investigation-prevention"
        name="prevention"
        label="What prevents it happening again"
        multiline
      />
    </FormDialog>
  );
}
