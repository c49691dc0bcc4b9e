import { useWatch } from 'react-hook-form';
import { formatDate } from '../../lib/format';
import { membershipClassLabel, type MembershipClassCode } from '../../lib/membership-classes';
import { DOCUMENT_LABELS, PROPOSED_CLASSES, type DocumentKind } from '../../lib/schemas/membership';
import type { ChapterOption } from './RegistrationSteps';

type StepId = 'class' | 'personal' | 'address' | 'profession' | 'chapter' | 'documents';

interface Props {
  chapters: ChapterOption[];
  files: Partial<Record<DocumentKind, File>>;
  required: DocumentKind[];
  onChange: (step: StepId) => void;
}

/** What the applicant entered, step by step, with a way back to each step: read before submitting. */
export function ReviewSummary({ chapters, files, required, onChange }: Props) {
  const v = useWatch() as Record<string, string | number | boolean | undefined>;
  const text = (key: string) => (v[key] === undefined || v[key] === '' ? null : String(v[key]));
  const classCode = text('classCode') as MembershipClassCode | null;
  const chapter = chapters.find((c) => String(c.id) === String(v.chapterId ?? ''))?.name ?? null;
  const proposed = classCode !== null && PROPOSED_CLASSES.includes(classCode);
  const sections: { step: StepId; title: string; rows: [string, string | null][] }[] = [
    { step: 'class', title: 'Membership class', rows: [['Class', classCode && membershipClassLabel(classCode)]] },
    {
      step: 'personal',
      title: 'About you',
      rows: [
        ['Name', [text('title'), text('firstName'), text('lastName')].filter(Boolean).join(' ') || null],
        ['E-mail', text('email')],
        ['Mobile', text('phone')],
        ['Date of birth', text('dateOfBirth') && formatDate(text('dateOfBirth')!)],
        ...(text('guardianName')
          ? ([['Parent or guardian', `${text('guardianName')} (${text('guardianEmail') ?? ''})`]] as [string, string][])
          : []),
      ],
    },
    {
      step: 'address',
      title: 'Address',
      rows: [
        ['Address', [text('address'), text('city'), text('stateName'), text('pincode')].filter(Boolean).join(', ')],
      ],
    },
    {
      step: 'profession',
      title: 'Qualification and work',
      rows: [
        ['Qualification', text('qualification')],
        ['Organisation', text('organisation')],
        ['Designation', text('designation')],
        ['Experience', text('experienceYears') && `${text('experienceYears')} years`],
        ...(classCode === 'student' ? ([['Institution', text('institution')]] as [string, string | null][]) : []),
        ...(classCode === 'institutional' ? ([['GSTIN', text('gstin')]] as [string, string | null][]) : []),
      ],
    },
    {
      step: 'chapter',
      title: 'Chapter and proposers',
      rows: [
        ['Chapter', chapter],
        ...(proposed
          ? ([
              ['Proposer', text('proposerNumber')],
              ['Seconder', text('seconderNumber')],
            ] as [string, string | null][])
          : []),
      ],
    },
    {
      step: 'documents',
      title: 'Documents',
      rows: required.map((kind) => [DOCUMENT_LABELS[kind], files[kind]?.name ?? 'To upload later from your page']),
    },
  ];
  return (
    <section aria-labelledby="summary-heading" className="space-y-3" data-testid="review-summary">
      <h3 id="summary-heading" className="font-semibold">
        What you entered
      </h3>
      {sections.map((section) => (
        <div key={section.step} className="rounded-md border border-slate-200 p-3">
          <div className="flex items-baseline justify-between gap-3">
            <h4 className="text-sm font-semibold">{section.title}</h4>
            <button
              type="button"
              onClick={() => onChange(section.step)}
              className="text-sm font-semibold text-brand-700 underline underline-offset-2"
              aria-label={`Change ${section.title.toLowerCase()}`}
            >
              Change
            </button>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {section.rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-700">{label}</dt>
                <dd className="break-words">{value ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
