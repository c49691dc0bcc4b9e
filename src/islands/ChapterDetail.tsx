import { useEffect, useState } from 'react';
import { useStore } from '../stores/use-store';
import { api, apiErrorOf } from '../stores/api-client';
import { SELECTED_MEMBER_ID_KEY } from '../lib/constants';
import {
  parseSelectedMemberId,
  problemOf,
  type ChapterRecord,
  type LoadProblem,
  type Me,
  type MemberRecord,
} from '../lib/portal-api';
import { ROLE } from '../lib/roles';
import { session } from '../stores/session';
import { Field, Loading, Problem } from '../components/portal/PortalStates';

type State =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'problem'; problem: LoadProblem }
  | { kind: 'loaded'; chapter: ChapterRecord };

/**
 * The chapter of the member the page is about: a member's own; for staff the selected member's,
 * or, with none selected, the chapter a chapter admin is bound to.
 */
async function chapterIdForPage(roleId: string): Promise<number | null> {
  if (roleId === ROLE.member) return (await api.get<MemberRecord>('members/me')).chapter.id;
  const selected = parseSelectedMemberId(window.sessionStorage.getItem(SELECTED_MEMBER_ID_KEY));
  if (selected !== null) return (await api.get<MemberRecord>(`members/${selected}`)).chapter.id;
  return (await api.get<Me>('me')).chapterId;
}

async function loadChapter(roleId: string): Promise<State> {
  try {
    const chapterId = await chapterIdForPage(roleId);
    if (chapterId === null) return { kind: 'none' };
    return { kind: 'loaded', chapter: await api.get<ChapterRecord>(`chapters/${chapterId}`) };
  } catch (error) {
    return { kind: 'problem', problem: problemOf((await apiErrorOf(error)).status) };
  }
}

export default function ChapterDetail() {
  const $session = useStore(session);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const roleId = $session.data?.user.roleId;

  useEffect(() => {
    if (roleId) void loadChapter(roleId).then(setState);
  }, [roleId]);

  if (state.kind === 'loading') return <Loading what="the chapter" />;
  if (state.kind === 'none') {
    return (
      <p className="rounded-md border border-slate-300 bg-white px-4 py-3 text-slate-700">
        No member is selected and your account is not bound to a chapter.
      </p>
    );
  }
  if (state.kind === 'problem') return <Problem problem={state.problem} heading="Chapter unavailable" />;

  const { chapter } = state;
  return (
    <section aria-labelledby="chapter-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="chapter-heading" className="text-lg font-semibold">
        {chapter.name}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">
        <Field label="Code" value={chapter.code} />
        <Field label="Region" value={chapter.region} />
        <Field label="City" value={chapter.city} />
        <Field label="State" value={chapter.state} />
        <Field label="Address" value={chapter.address} />
        <Field label="Contact" value={chapter.contactName} />
        <Field label="Contact e-mail" value={chapter.contactEmail} />
        <Field label="Contact phone" value={chapter.contactPhone} />
        <Field label="Members" value={chapter.memberCount} />
        <Field
          label="Office bearers"
          value={chapter.officeBearers?.map((b) => `${b.name} (${b.position})`).join(', ') || null}
        />
      </dl>
    </section>
  );
}
