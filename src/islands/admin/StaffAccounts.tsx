import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { ChapterListItem } from '../../lib/api-types';
import { SELECTED_MEMBER_ID_KEY } from '../../lib/constants';
import type { Page } from '../../lib/notifications';
import { ROLE, ROLE_IDS, ROLE_LABELS, type RoleId } from '../../lib/roles';
import type { AdminUser } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import InviteForm from './InviteForm';
import {
  buttonClass,
  dangerClass,
  downloadCsv,
  PageButtons,
  Panel,
  params,
  tableClass,
  tdClass,
  thClass,
} from './shared';

const PAGE_SIZE = 20;
const STAFF_ROLES = ROLE_IDS.filter((r) => r !== ROLE.member);

/** Every account: search and filters, invitation, role and chapter, disable and enable, reset links. */
export default function StaffAccounts() {
  const [filters, setFilters] = useState({ q: '', roleId: '', active: '', sort: 'name' });
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page<AdminUser> | null>(null);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const queryKey = JSON.stringify(params({ ...filters, page, pageSize: PAGE_SIZE }));

  const load = useCallback(async () => {
    try {
      setList(await api.get<Page<AdminUser>>('/admin/users', JSON.parse(queryKey)));
      setError(null);
    } catch (failure) {
      setError((await apiErrorOf(failure)).message);
    }
  }, [queryKey]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    api.get<ChapterListItem[]>('/chapters').then(setChapters, () => setChapters([]));
  }, []);

  const setFilter = (name: keyof typeof filters, value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    setPage(1);
  };

  const change = async (user: AdminUser, body: Record<string, unknown>, done: string) => {
    try {
      await api.patch(`/admin/users/${user.id}`, body);
      toast.success(done);
      await load();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };

  const changeRole = (user: AdminUser, roleId: RoleId) => {
    if (roleId === ROLE.chapterAdmin) {
      const first = chapters[0];
      if (!first) return;
      void change(
        user,
        { roleId, chapterId: user.chapter?.id ?? first.id },
        `${user.name} is now ${ROLE_LABELS[roleId]}.`,
      );
    } else {
      void change(user, { roleId }, `${user.name} is now ${ROLE_LABELS[roleId]}.`);
    }
  };

  const openMember = (user: AdminUser) => {
    if (user.memberId !== null) sessionStorage.setItem(SELECTED_MEMBER_ID_KEY, String(user.memberId));
  };

  return (
    <div className="space-y-8">
      <InviteForm chapters={chapters} onInvited={() => void load()} />
      <Panel id="accounts-heading" title="Accounts">
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Search
            <input
              className="ml-2 rounded border border-slate-500 px-2 py-1"
              value={filters.q}
              placeholder="Name or e-mail"
              onChange={(e) => setFilter('q', e.target.value)}
            />
          </label>
          <label className="text-sm">
            Show role
            <select
              className="ml-2 rounded border border-slate-500 px-2 py-1"
              value={filters.roleId}
              onChange={(e) => setFilter('roleId', e.target.value)}
            >
              <option value="">All</option>
              {ROLE_IDS.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Show status
            <select
              className="ml-2 rounded border border-slate-500 px-2 py-1"
              value={filters.active}
              onChange={(e) => setFilter('active', e.target.value)}
            >
              <option value="">All</option>
              <option value="true">Active</option>
              <option value="false">Disabled</option>
            </select>
          </label>
          <label className="text-sm">
            Sort by
            <select
              className="ml-2 rounded border border-slate-500 px-2 py-1"
              value={filters.sort}
              onChange={(e) => setFilter('sort', e.target.value)}
            >
              <option value="name">Name</option>
              <option value="email">E-mail</option>
              <option value="role">Role</option>
              <option value="-lastLogin">Latest sign-in</option>
            </select>
          </label>
          <button
            type="button"
            className={buttonClass}
            onClick={() => void downloadCsv('/admin/users/export', params({ ...filters }), 'accounts.csv')}
          >
            Download CSV
          </button>
        </div>
        {error && (
          <p role="alert" className="mt-2 text-red-700">
            {error}
          </p>
        )}
        {list && (
          <>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>Name</th>
                  <th className={thClass}>Role</th>
                  <th className={thClass}>Chapter</th>
                  <th className={thClass}>Last sign-in</th>
                  <th className={thClass}>Status</th>
                  <th className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((u) => (
                  <tr key={u.id}>
                    <td className={tdClass}>
                      {u.name}
                      <div className="text-xs text-slate-600">{u.email}</div>
                    </td>
                    <td className={tdClass}>
                      {u.roleId === ROLE.member ? (
                        ROLE_LABELS[u.roleId]
                      ) : (
                        <select
                          aria-label={`Role of ${u.name}`}
                          className="rounded border border-slate-500 px-1 py-1"
                          value={u.roleId}
                          onChange={(e) => changeRole(u, e.target.value as RoleId)}
                        >
                          {STAFF_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABELS[r]}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                    <td className={tdClass}>
                      {u.roleId === ROLE.chapterAdmin ? (
                        <select
                          aria-label={`Chapter of ${u.name}`}
                          className="rounded border border-slate-500 px-1 py-1"
                          value={u.chapter?.id ?? ''}
                          onChange={(e) =>
                            void change(u, { chapterId: Number(e.target.value) }, `${u.name}'s chapter changed.`)
                          }
                        >
                          {chapters.map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.name}
                            </option>
                          ))}
                        </select>
                      ) : (
                        (u.chapter?.name ?? '—')
                      )}
                    </td>
                    <td className={tdClass}>
                      {u.lastLoginAt
                        ? new Date(u.lastLoginAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })
                        : 'Never'}
                    </td>
                    <td className={tdClass}>{u.active ? 'Active' : 'Disabled'}</td>
                    <td className={`${tdClass} space-x-2 whitespace-nowrap`}>
                      {u.roleId === ROLE.member ? (
                        <a
                          className="text-brand-700 underline"
                          href="/member/memberdetail"
                          onClick={() => openMember(u)}
                        >
                          Member record<span className="sr-only"> of {u.name}</span>
                        </a>
                      ) : (
                        <>
                          <button
                            type="button"
                            className={u.active ? dangerClass : buttonClass}
                            aria-label={`${u.active ? 'Disable' : 'Enable'} ${u.name}`}
                            onClick={() =>
                              void change(u, { active: !u.active }, `${u.name} ${u.active ? 'disabled' : 'enabled'}.`)
                            }
                          >
                            {u.active ? 'Disable' : 'Enable'}
                          </button>
                          {u.active && (
                            <button
                              type="button"
                              className={buttonClass}
                              aria-label={`Send ${u.name} a reset link`}
                              onClick={() => void change(u, { sendResetLink: true }, `Reset link sent to ${u.email}.`)}
                            >
                              Send reset link
                            </button>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <PageButtons
              label="Account pages"
              page={list.page}
              pageSize={list.pageSize}
              total={list.total}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
    </div>
  );
}
