import { useEffect, useState } from 'react';
import { useStore } from '../stores/use-store';
import { api, apiErrorOf } from '../stores/api-client';
import { SELECTED_MEMBER_ID_KEY } from '../lib/constants';
import { parseSelectedMemberId, problemOf, type LoadProblem, type MemberRecord } from '../lib/portal-api';
import { membershipClassLabel } from '../lib/membership-classes';
import { ROLE } from '../lib/roles';
import { session } from '../stores/session';
import { Field, Loading, Problem } from '../components/portal/PortalStates';
import { MEMBER_STATUS_LABELS } from '../lib/member-status';
import ChangeRequestForm from './member-record/ChangeRequestForm';
import DetailsForm from './member-record/DetailsForm';
import MembershipCard from './member-record/MembershipCard';
import RenewalPanel from './member-record/RenewalPanel';
import StaffPanel from './member-record/StaffPanel';
import OwnChangeRequests from './member-record/OwnChangeRequests';
import OwnTransferRequest from './member-record/OwnTransferRequest';

type State =
  | { kind: 'loading' }
  | { kind: 'none-selected' }
  | { kind: 'problem'; problem: LoadProblem }
  | { kind: 'loaded'; member: MemberRecord };

/**
 * Loads the member record the page shows. A member always reads their own record (the selected
 * id in session storage is not trusted for them); staff read the selected member, and the API
 * decides whether it is within their scope.
 */
export async function loadMemberForPage(roleId: string): Promise<State> {
  if (roleId === ROLE.member) return readMember('members/me');
  const selected = parseSelectedMemberId(window.sessionStorage.getItem(SELECTED_MEMBER_ID_KEY));
  if (selected === null) return { kind: 'none-selected' };
  return readMember(`members/${selected}`);
}

async function readMember(path: string): Promise<State> {
  try {
    return { kind: 'loaded', member: await api.get<MemberRecord>(path) };
  } catch (error) {
    return { kind: 'problem', problem: problemOf((await apiErrorOf(error)).status) };
  }
}

export function fullName(member: Pick<MemberRecord, 'title' | 'firstName' | 'lastName'>): string {
  return [member.title, member.firstName, member.lastName].filter(Boolean).join(' ');
}

export default function MemberDetail() {
  const $session = useStore(session);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [editing, setEditing] = useState<'details' | 'request' | null>(null);
  const [requestsVersion, setRequestsVersion] = useState(0);
  const roleId = $session.data?.user.roleId;
  const reload = () => {
    if (roleId) void loadMemberForPage(roleId).then(setState);
  };

  useEffect(reload, [roleId]);

  if (state.kind === 'loading') return <Loading what="the member record" />;
  if (state.kind === 'none-selected') {
    return (
      <p className="rounded-md border border-slate-300 bg-white px-4 py-3 text-slate-700">
        No member is selected. Choose a member on the membership screen to see their record here.
      </p>
    );
  }
  if (state.kind === 'problem') return <Problem problem={state.problem} heading="Member record unavailable" />;

  const { member } = state;
  const own = roleId === ROLE.member;
  const saved = () => {
    setEditing(null);
    reload();
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="rounded-md border border-brand-700 px-3 py-1.5 text-brand-700"
          onClick={() => setEditing(editing === 'details' ? null : 'details')}
        >
          {own ? 'Correct my details' : 'Edit the record'}
        </button>
        {own && (
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1.5"
            onClick={() => setEditing(editing === 'request' ? null : 'request')}
          >
            Ask to change name, date of birth or class
          </button>
        )}
      </div>
      {editing === 'details' && (
        <section aria-label="Edit the record" className="rounded-lg border border-slate-200 bg-white p-6">
          <DetailsForm member={member} staff={!own} onSaved={saved} onCancel={() => setEditing(null)} />
        </section>
      )}
      {editing === 'request' && (
        <section aria-label="Request a change" className="rounded-lg border border-slate-200 bg-white p-6">
          <ChangeRequestForm
            onDone={() => {
              setEditing(null);
              setRequestsVersion((v) => v + 1);
            }}
          />
        </section>
      )}
      {own && <OwnChangeRequests version={requestsVersion} />}
      <section aria-labelledby="membership-heading" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="membership-heading" className="text-lg font-semibold">
          {fullName(member)}
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Field label="Member number" value={member.memberNumber} />
          <Field label="Membership class" value={membershipClassLabel(member.membershipClass)} />
          <Field label="Status" value={MEMBER_STATUS_LABELS[member.status]} />
          <Field label="Chapter" value={`${member.chapter.name} (${member.chapter.region})`} />
          <Field label="Admitted on" value={member.admittedOn} />
        </dl>
      </section>
      {/* Below the record it moves: the member's name stays the page's first heading. */}
      {own && <OwnTransferRequest chapterId={member.chapter.id} />}
      <section aria-labelledby="contact-heading" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="contact-heading" className="text-lg font-semibold">
          Contact
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Field label="E-mail" value={member.email} />
          <Field label="Phone" value={member.phone} />
          <Field label="Date of birth" value={member.dateOfBirth} />
          <Field
            label="Address"
            value={[member.address, member.city, member.state, member.pincode].filter(Boolean).join(', ')}
          />
        </dl>
      </section>
      <section aria-labelledby="professional-heading" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="professional-heading" className="text-lg font-semibold">
          Professional details
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Field label="Qualification" value={member.qualification} />
          <Field label="Organisation" value={member.organisation} />
          <Field label="Designation" value={member.designation} />
          <Field label="Years of experience" value={member.experienceYears} />
        </dl>
      </section>
      <RenewalPanel
        memberId={member.id}
        memberNumber={member.memberNumber}
        own={own}
        canRecordOffice={roleId === ROLE.superAdmin || roleId === ROLE.admin}
      />
      <MembershipCard memberId={member.id} />
      {!own && <StaffPanel memberId={member.id} chapterId={member.chapter.id} onChanged={reload} />}
    </div>
  );
}
