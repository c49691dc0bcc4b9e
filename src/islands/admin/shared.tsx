import { useStore } from '../../stores/use-store';
import type { ReactNode } from 'react';
import type { RoleId } from '../../lib/roles';
import { session } from '../../stores/session';

/** Small parts the administration screens of issue 11 share beyond the staff parts: the caller's role, button and table classes, a panel. */

export function useRole(): { loading: boolean; roleId: RoleId | null } {
  const $session = useStore(session);
  return {
    loading: $session.status === 'loading',
    roleId: $session.status === 'authenticated' ? ($session.data?.user.roleId ?? null) : null,
  };
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

export function Panel({
  title,
  id,
  level = 2,
  children,
}: {
  title: string;
  id: string;
  /** 1 when the panel is the whole page, so its title is the page's one main heading. */
  level?: 1 | 2;
  children: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <Heading id={id} className="text-lg font-bold text-brand-800">
        {title}
      </Heading>
      {children}
    </section>
  );
}
