import { useCallback, useEffect, useState } from 'react';
import { REGIONS, type AdminChapter, type AdminChapterDetail } from '../../lib/schemas/admin';
import type { Page } from '../../lib/notifications';
import { ROLE } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import ChapterEditor from './ChapterEditor';
import NewChapterForm from './NewChapterForm';
import { buttonClass, downloadCsv, PageButtons, Panel, params, tableClass, tdClass, thClass, useRole } from './shared';

const PAGE_SIZE = 20;

function openChapterId(): number | null {
  const value = new URLSearchParams(window.location.search).get('id');
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Chapter Details (`/admin/chapter`): the list by region for roles 2 and 5, a chapter admin's own
 * chapter straight away; the open chapter is `?id=` in the address, so it can be linked.
 */
export default function ChapterAdmin() {
  const { loading, roleId } = useRole();
  const [filters, setFilters] = useState({ q: '', region: '', active: '' });
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page<AdminChapter> | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [detail, setDetail] = useState<AdminChapterDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const staff = roleId === ROLE.superAdmin || roleId === ROLE.chapterAdmin || roleId === ROLE.admin;

  const query = params({ ...filters, page, pageSize: PAGE_SIZE });
  const queryKey = JSON.stringify(query);
  const load = useCallback(async () => {
    try {
      const answer = await api.get<Page<AdminChapter>>('/admin/chapters', JSON.parse(queryKey));
      setList(answer);
      setError(null);
      if (roleId === ROLE.chapterAdmin && answer.items[0] && openChapterId() === null) setOpenId(answer.items[0].id);
    } catch (failure) {
      setError((await apiErrorOf(failure)).message);
    }
  }, [queryKey, roleId]);

  const loadDetail = useCallback(async (id: number) => {
    try {
      setDetail(await api.get<AdminChapterDetail>(`/admin/chapters/${id}`));
      setDetailError(null);
    } catch (failure) {
      setDetail(null);
      const problem = await apiErrorOf(failure);
      setDetailError(problem.status === 404 ? 'No such chapter, or it is not yours to open.' : problem.message);
    }
  }, []);

  useEffect(() => {
    if (!staff) return;
    void load();
  }, [staff, load]);

  useEffect(() => {
    setOpenId(openChapterId());
    const onPop = () => setOpenId(openChapterId());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (staff && openId !== null) void loadDetail(openId);
  }, [staff, openId, loadDetail]);

  if (loading) return <p>Loading…</p>;
  if (!staff) return <p role="alert">Chapter details are for staff.</p>;

  const open = (id: number) => {
    window.history.pushState(null, '', `?id=${id}`);
    setOpenId(id);
  };
  const setFilter = (name: keyof typeof filters, value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    setPage(1);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <h1 className="text-2xl font-bold text-brand-800">Chapter Details</h1>
      {roleId !== ROLE.chapterAdmin && (
        <Panel id="chapters-heading" title="Chapters">
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <label className="text-sm">
              Search
              <input
                className="ml-2 rounded border border-slate-500 px-2 py-1"
                value={filters.q}
                onChange={(e) => setFilter('q', e.target.value)}
                placeholder="Name, code or city"
              />
            </label>
            <label className="text-sm">
              Region
              <select
                className="ml-2 rounded border border-slate-500 px-2 py-1"
                value={filters.region}
                onChange={(e) => setFilter('region', e.target.value)}
              >
                <option value="">All</option>
                {REGIONS.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Status
              <select
                className="ml-2 rounded border border-slate-500 px-2 py-1"
                value={filters.active}
                onChange={(e) => setFilter('active', e.target.value)}
              >
                <option value="">All</option>
                <option value="true">Active</option>
                <option value="false">Deactivated</option>
              </select>
            </label>
            <button
              type="button"
              className={buttonClass}
              onClick={() => void downloadCsv('/admin/chapters/export', params(filters), 'chapters.csv')}
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
                    <th className={thClass}>Code</th>
                    <th className={thClass}>Name</th>
                    <th className={thClass}>Region</th>
                    <th className={thClass}>City</th>
                    <th className={thClass}>Members</th>
                    <th className={thClass}>Status</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((c) => (
                    <tr key={c.id} className={c.id === openId ? 'bg-brand-50' : undefined}>
                      <td className={tdClass}>{c.code}</td>
                      <td className={tdClass}>
                        <a
                          href={`?id=${c.id}`}
                          className="text-brand-700 underline"
                          onClick={(e) => {
                            e.preventDefault();
                            open(c.id);
                          }}
                        >
                          {c.name}
                        </a>
                      </td>
                      <td className={tdClass}>{c.region}</td>
                      <td className={tdClass}>{c.city}</td>
                      <td className={tdClass}>{c.memberCount}</td>
                      <td className={tdClass}>{c.active ? 'Active' : 'Deactivated'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <PageButtons
                label="Chapter pages"
                page={list.page}
                pageSize={list.pageSize}
                total={list.total}
                onPage={setPage}
              />
            </>
          )}
        </Panel>
      )}
      {roleId === ROLE.superAdmin && (
        <NewChapterForm
          onCreated={(id) => {
            void load();
            open(id);
          }}
        />
      )}
      {detailError && (
        <p role="alert" className="text-red-700">
          {detailError}
        </p>
      )}
      {detail && (
        <ChapterEditor
          key={detail.id}
          chapter={detail}
          roleId={roleId!}
          onChanged={() => {
            void loadDetail(detail.id);
            void load();
          }}
        />
      )}
    </div>
  );
}
