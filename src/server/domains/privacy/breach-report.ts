import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MARGIN, PAGE_HEIGHT, PAGE_WIDTH, rule, text, type Pen } from '../../platform/pdf-pen';
import type { GrievanceOfficer } from '../../../lib/schemas/privacy';
import type { Breach, BreachScope } from '../../../lib/schemas/privacy-desk';

/**
 * The report to the Data Protection Board as a PDF, with the contents rule 7(2) of the DPDP Rules
 * 2025 asks for: (a) the description (nature, extent, timing, location, likely impact) and, within
 * 72 hours of becoming aware, (b)(i) updated and detailed information, (ii) the facts, circumstances
 * and reasons, (iii) measures implemented or proposed, (iv) findings about who caused it, (v) the
 * remedial measures against recurrence and (vi) a report on the intimations to the people affected.
 * Sections staff left empty say so, so a gap is seen before the report goes.
 */

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'Not known');

function scopeText(scope: BreachScope | null): string {
  if (!scope) return 'Not recorded.';
  if (scope.kind === 'members') return `${scope.memberIds.length} named member record(s).`;
  if (scope.kind === 'chapter') return `All members of chapter ${scope.chapterId}.`;
  if (scope.kind === 'import') return `The members written by import ${scope.importId}.`;
  if (scope.kind === 'applicants') return 'Every applicant for membership not (yet) admitted.';
  if (scope.kind === 'natcon') return `Every buyer and delegate of NATCON edition ${scope.editionId}.`;
  return 'All members.';
}

const NOT_YET = 'Not yet established; to be updated.';

export async function renderBreachReportPdf(
  breach: Breach,
  fiduciary: { name: string; officer: GrievanceOfficer | null },
  now: Date,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Personal data breach ${breach.id}: report to the Data Protection Board`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pen: Pen = { page: pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]), regular, bold, y: PAGE_HEIGHT - MARGIN };
  const room = (needed: number) => {
    if (pen.y - needed > MARGIN) return;
    pen.page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    pen.y = PAGE_HEIGHT - MARGIN;
  };
  const section = (heading: string, body: string) => {
    room(60);
    text(pen, heading, { bold: true, size: 11, gap: 6 });
    for (const paragraph of body.split(/\n+/)) {
      room(20);
      text(pen, paragraph, { gap: 4 });
    }
    pen.y -= 8;
  };

  text(pen, 'Intimation of personal data breach to the Data Protection Board of India', { bold: true, size: 14 });
  text(pen, 'Digital Personal Data Protection Act 2023, section 8(6); DPDP Rules 2025, rule 7(2)', { size: 9 });
  pen.y -= 6;
  rule(pen);
  const officer = fiduciary.officer;
  section(
    'Data Fiduciary',
    [
      fiduciary.name,
      officer
        ? `Contact: ${officer.name}, ${officer.designation}, ${officer.email}${officer.phone ? `, ${officer.phone}` : ''}`
        : 'Contact: the grievance officer is not yet named in the site settings.',
      `Breach reference ${breach.id}; recorded ${utc(breach.createdAt)} by ${breach.recordedBy ?? 'staff'}; report made ${utc(now.toISOString())}.`,
    ].join('\n'),
  );
  const due = breach.boardDeadline;
  section(
    'Timing',
    [
      `Occurred: ${utc(breach.occurredAt)}. Became aware: ${utc(breach.foundAt)}.`,
      `Detailed report due within 72 hours of becoming aware: by ${utc(due.dueAt)}${due.overdue ? ' (past)' : ` (${due.hoursLeft} hours left)`}.`,
      breach.boardReportedAt ? `Marked as sent to the Board: ${utc(breach.boardReportedAt)}.` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  section(
    '(a) Description: nature, extent, timing and location',
    `${breach.description}\nLocation: ${breach.location ?? 'Not recorded.'}\nPersonal data affected: ${breach.dataAffected}\nPeople affected: ${breach.affectedCount} (${scopeText(breach.scope)})`,
  );
  section('(a) Likely impact', breach.consequences);
  section('(b)(i) Updated and detailed information', `${breach.description}\nData affected: ${breach.dataAffected}`);
  section('(b)(ii) Facts, circumstances and reasons leading to the breach', breach.cause ?? NOT_YET);
  section('(b)(iii) Measures implemented or proposed to mitigate risk', breach.measures);
  section('(b)(iv) Findings regarding the person who caused the breach', breach.findings ?? NOT_YET);
  section('(b)(v) Remedial measures taken to prevent recurrence', breach.prevention ?? NOT_YET);
  section(
    '(b)(vi) Intimations given to the affected Data Principals',
    `${breach.notifiedCount} of ${breach.affectedCount} affected people were e-mailed at the address registered with the institute, with: a description of the breach; its likely consequences for them; the measures taken; the safety measures they may take ("${breach.advice}"); and the contact of the person who answers their queries.`,
  );
  return pdf.save();
}
