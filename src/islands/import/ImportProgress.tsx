import type { ImportData } from '../../lib/schemas/import';

/** "2 min 5 s", "40 s": the time left, in words a person reads at a glance. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The commit's progress: a progress bar with the rows done of the total, the speed and the time
 * left, all read from the server (the job runs there, whether or not this page stays open).
 */
export function ImportProgress({ data }: { data: ImportData }) {
  const { done, total, rowsPerSecond, secondsLeft } = data.progress;
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return (
    <div className="space-y-1">
      <progress
        className="h-3 w-full"
        max={total || 1}
        value={done}
        aria-label="Rows committed"
        aria-valuetext={`${done} of ${total} rows`}
      />
      <p className="text-sm text-slate-700" data-testid="import-progress">
        {done.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')} rows ({percent}%)
        {rowsPerSecond !== null ? ` · ${rowsPerSecond} rows/s` : ''}
        {secondsLeft !== null && data.state === 'running' ? ` · about ${durationText(secondsLeft)} left` : ''}
      </p>
    </div>
  );
}

const SUMMARY_LABELS: [keyof NonNullable<ImportData['summary']>, string][] = [
  ['total', 'Rows'],
  ['create', 'To create'],
  ['update', 'To update'],
  ['unchanged', 'Unchanged'],
  ['invalid', 'Invalid'],
  ['duplicate', 'Duplicate in the file'],
  ['conflict', 'Conflicting'],
];

/** The check's (or the commit's) counts, one figure per kind of row. */
export function ImportSummary({ summary, done }: { summary: NonNullable<ImportData['summary']>; done: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-label="Summary">
      {SUMMARY_LABELS.map(([key, label]) => (
        <div key={key} className="rounded-md border border-slate-200 bg-white p-2">
          <dt className="text-xs text-slate-600">
            {done ? label.replace('To create', 'Created').replace('To update', 'Updated') : label}
          </dt>
          <dd className="text-lg font-semibold" data-testid={`summary-${key}`}>
            {summary[key].toLocaleString('en-IN')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
