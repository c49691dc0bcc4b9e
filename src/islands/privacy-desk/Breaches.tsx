import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { formatDateTime } from '../../lib/format';
import { BreachBody, BreachListQuery, type Breach } from '../../lib/schemas/privacy-desk';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  applyServerErrors,
  CsvDownloadButton,
  DataTable,
  FormDialog,
  FormSelectField,
  FormTextField,
  useListQuery,
  useServerList,
  useZodForm,
  type ColumnDef,
} from '../staff';
import { buttonClass, Panel, primaryClass } from '../admin/shared';
import { BreachInvestigationDialog } from './BreachInvestigation';
import { DeskNav } from './DeskNav';

const ids = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

/** The inputs (text, local date-times) turned into the API's breach; the rules stay the API's own. */
const BreachForm = z
  .object({
    description: z.string(),
    occurredAt: z.string(),
    foundAt: z.string(),
    location: z.string(),
    dataAffected: z.string(),
    scopeKind: z.enum(['members', 'chapter', 'import', 'all', 'applicants', 'natcon']),
    scopeValue: z.string(),
    consequences: z.string(),
    measures: z.string(),
    advice: z.string(),
    cause: z.string(),
    findings: z.string(),
    prevention: z.string(),
  })
  .transform(({ scopeKind, scopeValue, occurredAt, foundAt, ...rest }) => ({
    ...rest,
    // A datetime-local input has no zone: it is the staff member's own time, sent as UTC.
    occurredAt: occurredAt ? new Date(occurredAt).toISOString() : null,
    foundAt: foundAt ? new Date(foundAt).toISOString() : '',
    scope:
      scopeKind === 'members'
        ? { kind: scopeKind, memberIds: ids(scopeValue) }
        : scopeKind === 'chapter'
          ? { kind: scopeKind, chapterId: Number(scopeValue) }
          : scopeKind === 'import'
            ? { kind: scopeKind, importId: Number(scopeValue) }
            : scopeKind === 'natcon'
              ? { kind: scopeKind, editionId: Number(scopeValue) }
              : { kind: scopeKind },
  }))
  .pipe(BreachBody);

const blank: z.input<typeof BreachForm> = {
  description: '',
  occurredAt: '',
  foundAt: '',
  location: '',
  dataAffected: '',
  scopeKind: 'members',
  scopeValue: '',
  consequences: '',
  measures: '',
  advice: '',
  cause: '',
  findings: '',
  prevention: '',
};

const RENAME = {
  'scope.memberIds': 'scopeValue',
  'scope.chapterId': 'scopeValue',
  'scope.importId': 'scopeValue',
  'scope.editionId': 'scopeValue',
} as const;

function BoardDeadline({ breach }: { breach: Breach }) {
  if (breach.boardReportedAt) return <span>Reported {formatDateTime(breach.boardReportedAt)}</span>;
  const d = breach.boardDeadline;
  return (
    <span className={d.overdue ? 'font-bold text-red-700' : 'text-amber-800'}>
      By {formatDateTime(d.dueAt)}
      <span className="block text-xs">{d.overdue ? 'Past the 72 hours' : `${d.hoursLeft} hours left`}</span>
    </span>
  );
}

/**
 * Breaches (super admin): record one, the people affected are e-mailed, the investigation's findings are
 * added as they come, the Board's report as PDF.
 */
export default function Breaches() {
  const query = useListQuery(BreachListQuery);
  const list = useServerList<Breach>('/admin/privacy/breaches', query.params);
  const form = useZodForm(BreachForm, blank);
  const [open, setOpen] = useState(false);
  const [investigating, setInvestigating] = useState<Breach | null>(null);

  const submit = form.handleSubmit(async (body) => {
    try {
      const breach = await api.post<Breach>('/admin/privacy/breaches', body);
      toast.success(`Breach ${breach.id} recorded: ${breach.affectedCount} people are being e-mailed.`);
      setOpen(false);
      form.reset(blank);
      void list.reload();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem, RENAME);
      toast.error(problem.message);
    }
  });

  const reported = async (breach: Breach) => {
    try {
      await api.post(`/admin/privacy/breaches/${breach.id}/reported`);
      toast.success(`Breach ${breach.id}: the report to the Board is marked as sent.`);
      void list.reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };

  const columns: ColumnDef<Breach>[] = [
    { id: 'id', header: 'No.', accessorKey: 'id' },
    { id: 'found', header: 'Found', accessorFn: (b) => formatDateTime(b.foundAt) },
    {
      id: 'what',
      header: 'What happened',
      cell: ({ row }) => <span className="block max-w-md break-words">{row.original.description}</span>,
    },
    {
      id: 'people',
      header: 'People told',
      accessorFn: (b) => `${b.notifiedCount} of ${b.affectedCount}`,
    },
    { id: 'board', header: 'Report to the Board', cell: ({ row }) => <BoardDeadline breach={row.original} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2">
          <CsvDownloadButton
            path={`/admin/privacy/breaches/${row.original.id}/report.pdf`}
            params={{}}
            filename={`breach-${row.original.id}-report-to-board.pdf`}
            label={`Report ${row.original.id} (PDF)`}
          />
          <button type="button" className={buttonClass} onClick={() => setInvestigating(row.original)}>
            Investigation of {row.original.id}
          </button>
          {!row.original.boardReportedAt && (
            <button type="button" className={buttonClass} onClick={() => void reported(row.original)}>
              Mark {row.original.id} sent to the Board
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <Panel level={1} id="breaches-heading" title="Privacy desk: personal data breaches">
      <DeskNav current="/admin/privacy/breaches" />
      <p className="text-sm text-slate-700">
        On becoming aware of a breach, record it here at once: each person affected is e-mailed (DPDP Rules, rule 7(1)),
        and the detailed report to the Data Protection Board is due within 72 hours (rule 7(2)).
      </p>
      <button type="button" className={`${primaryClass} mt-3`} onClick={() => setOpen(true)}>
        Record a breach
      </button>
      <DataTable
        caption="Breaches"
        columns={columns}
        list={list}
        query={query}
        noun="breaches"
        getRowId={(b) => String(b.id)}
        empty="No breach recorded."
      />
      <FormDialog
        open={open}
        title="Record a personal data breach"
        form={form}
        onSubmit={submit}
        confirmLabel="Record and tell the people affected"
        busy={form.formState.isSubmitting}
        onCancel={() => setOpen(false)}
      >
        <FormTextField id="breach-description" name="description" label="What happened (nature and extent)" multiline />
        <FormTextField
          id="breach-occurred"
          name="occurredAt"
          label="When it happened (if known)"
          type="datetime-local"
        />
        <FormTextField id="breach-found" name="foundAt" label="When the institute became aware" type="datetime-local" />
        <FormTextField id="breach-location" name="location" label="Where (system, office)" />
        <FormTextField id="breach-data" name="dataAffected" label="Which personal data" multiline />
        <FormSelectField id="breach-scope" name="scopeKind" label="Who is affected">
          <option value="members">Members by number (ids, comma separated)</option>
          <option value="chapter">All members of a chapter (chapter id)</option>
          <option value="import">The members of an import (import id)</option>
          <option value="all">All members</option>
          <option value="applicants">Every applicant not yet admitted</option>
          <option value="natcon">Every buyer and delegate of a NATCON edition (edition id)</option>
        </FormSelectField>
        <FormTextField
          id="breach-scope-value"
          name="scopeValue"
          label="Member ids, chapter id, import id or edition id"
        />
        <FormTextField id="breach-consequences" name="consequences" label="Likely consequences for them" multiline />
        <FormTextField
          id="breach-measures"
          name="measures"
          label="What the institute has done and is doing"
          multiline
        />
        <FormTextField id="breach-advice" name="advice" label="What they can do to protect themselves" multiline />
        <FormTextField
          id="breach-cause"
          name="cause"
          label="Facts and reasons leading to it (for the Board)"
          multiline
        />
        <FormTextField
          id="breach-findings"
          name="findings"
          label="Findings about who caused it (for the Board)"
          multiline
        />
        <FormTextField id="breach-prevention" name="prevention" label="What prevents it happening again" multiline />
      </FormDialog>
      {investigating && (
        <BreachInvestigationDialog
          breach={investigating}
          onClose={() => setInvestigating(null)}
          onSaved={() => {
            setInvestigating(null);
            void list.reload();
          }}
        />
      )}
    </Panel>
  );
}
