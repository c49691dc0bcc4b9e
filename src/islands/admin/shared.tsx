import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { RoleId } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import { session } from '../../stores/session';

/**
 * Small parts the administration screens of issue 11 share: the caller's role, a CSV download
 * through the API client (the export routes need the bearer token, so a plain link cannot carry
 * it), previous/next paging, and the table classes.
 */

export function useRole(): { loading: boolean; roleId: RoleId | null } {
  const $session = useStore(session);
  return {
    loading: $session.status === 'loading',
    roleId: $session.status === 'authenticated' ? ($session.data?.user.roleId ?? null) : null,
  };
}

export async function downloadCsv(path: string, searchParams: Record<string, string>, filename: string) {
  try {
    const blob = await api.http.get(path, { searchParams }).blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (failure) {
    toast.error((await apiErrorOf(failure)).message);
  }
}

/** Query parameters without the empty ones. */
export function params(values: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

export function PageButtons({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="mt-3 flex items-center gap-3 text-sm">
      <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages} ({total} in all)
      </span>
      <button type="button" className={buttonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

export const buttonClass =
  'rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50';
export const primaryClass =
  'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
export const dangerClass =
  'rounded-md border border-red-700 px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50';
export const tableClass = 'mt-3 w-full border-collapse text-left text-sm';
export const thClass = 'border-b border-slate-300 px-2 py-2 font-semibold';
export const tdClass = 'border-b border-slate-200 px-2 py-2 align-top';

export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-brand-800">
        {title}
      </h2>
      {children}
    </section>
  );
}
