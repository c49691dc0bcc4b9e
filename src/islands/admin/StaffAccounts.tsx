import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { ChapterListItem } from '../../lib/api-types';
import { SELECTED_MEMBER_ID_KEY } from '../../lib/constants';
import { formatDateTime } from '../../lib/format';
import { ROLE, ROLE_IDS, ROLE_LABELS, type RoleId } from '../../lib/roles';
import { UserListQuery, type AdminUser } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  ChoiceFilter,
  CsvDownloadButton,
  DataTable,
  SearchFilter,
  SelectFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';
import InviteForm from './InviteForm';
import { buttonClass, dangerClass, Panel } from './shared';

const STAFF_ROLES = ROLE_IDS.filter((r) => r !== ROLE.member);
const selectClass = 'rounded border border-slate-500 px-1 py-1';

/** Every account: search and filters, invitation, role and chapter, disable and enable, reset links. */
export default function StaffAccounts() {
  const query = useListQuery(UserListQuery);
  const list = useServerList<AdminUser>('/admin/users', query.params);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);

  useEffect(() => {
    api.get<ChapterListItem[]>('/chapters').then(setChapters, () => setChapters([]));
  }, []);

  const change = async (user: AdminUser, body: Record<string, unknown>, done: string) => {
    try {
      await api.patch(`/admin/users/${user.id}`, body);
      toast.success(done);
      await list.reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };

  const changeRole = (user: AdminUser, roleId: RoleId) => {
    // A chapter admin needs a chapter: the user's own if any, else the first, changed in the next column.
    const chapterId = roleId === ROLE.chapterAdmin ? (user.chapter?.id ?? chapters[0]?.id) : undefined;
    void change(user, { roleId, ...(chapterId ? { chapterId } : {}) }, `${user.name} is now ${ROLE_LABELS[roleId]}.`);
  };

  const columns: ColumnDef<AdminUser>[] = [
    {
      id: 'name',
      header: 'Name',
      enableSorting: true,
      cell: ({ row }) => (
        <>
          {row.original.name}
          <div className="text-xs text-slate-600">{row.original.email}</div>
        </>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      enableSorting: true,
      cell: ({ row: { original: u } }) =>
        u.roleId === ROLE.member ? (
          ROLE_LABELS[u.roleId]
        ) : (
          <select
            aria-label={`Role of ${u.name}`}
            className={selectClass}
            value={u.roleId}
            onChange={(e) => changeRole(u, e.target.value as RoleId)}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ),
    },
    {
      id: 'chapter',
      header: 'Chapter',
      cell: ({ row: { original: u } }) =>
        u.roleId === ROLE.chapterAdmin ? (
          <select
            aria-label={`Chapter of ${u.name}`}
            className={selectClass}
            value={u.chapter?.id ?? ''}
            onChange={(e) => void change(u, { chapterId: Number(e.target.value) }, `${u.name}'s chapter changed.`)}
          >
            {chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        ) : (
          (u.chapter?.name ?? '—')
        ),
    },
    {
      id: 'lastLogin',
      header: 'Last sign-in',
      enableSorting: true,
      accessorFn: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Never'),
    },
    { id: 'status', header: 'Status', accessorFn: (u) => (u.active ? 'Active' : 'Disabled') },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: u } }) =>
        u.roleId === ROLE.member ? (
          <a
            className="text-brand-700 underline"
            href="/member/memberdetail"
            onClick={() => u.memberId !== null && sessionStorage.setItem(SELECTED_MEMBER_ID_KEY, String(u.memberId))}
          >
            Member record<span className="sr-only"> of {u.name}</span>
          </a>
        ) : (
          <span className="flex gap-2 whitespace-nowrap">
            <button
              type="button"
              className={u.active ? dangerClass : buttonClass}
              aria-label={`${u.active ? 'Disable' : 'Enable'} ${u.name}`}
              onClick={() => void change(u, { active: !u.active }, `${u.name} ${u.active ? 'disabled' : 'enabled'}.`)}
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
          </span>
        ),
    },
  ];

  return (
    <div className="space-y-8">
      <InviteForm chapters={chapters} onInvited={() => void list.reload()} />
      <Panel id="accounts-heading" title="Accounts">
        <div className="mt-3 flex flex-wrap items-end gap-4">
          <SearchFilter query={query} name="q" label="Search accounts" />
          <ChoiceFilter
            query={query}
            name="roleId"
            label="Show role"
            allLabel="Every role"
            values={ROLE_IDS}
            labels={ROLE_LABELS}
          />
          <SelectFilter query={query} name="active" label="Show status" allLabel="Active and disabled">
            <option value="true">Active</option>
            <option value="false">Disabled</option>
          </SelectFilter>
          <CsvDownloadButton path="/admin/users/export.csv" params={query.params} filename="accounts.csv" />
        </div>
        <DataTable
          caption="Accounts"
          columns={columns}
          list={list}
          query={query}
          noun="accounts"
          getRowId={(u) => String(u.id)}
          empty="No account matches these filters."
        />
      </Panel>
    </div>
  );
}
