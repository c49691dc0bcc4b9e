import type { LoadProblem } from '../../lib/portal-api';

/** The loading and failure states every portal screen shares. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-slate-600">
      Loading {what}…
    </p>
  );
}

const PROBLEM_TEXT: Record<LoadProblem, string> = {
  'not-found': 'No record was found. It may not exist, or it is outside what your account may see.',
  forbidden: 'Your account does not have access to this record.',
  failed: 'The record could not be loaded. Check your connection and reload the page.',
};

export function Problem({ problem, heading }: { problem: LoadProblem; heading: string }) {
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <p className="font-semibold">{heading}</p>
      <p className="mt-1">{PROBLEM_TEXT[problem]}</p>
    </div>
  );
}

export function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2">
        {value === null || value === undefined || value === '' ? '—' : value}
      </dd>
    </div>
  );
}
