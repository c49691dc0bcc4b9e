import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import QRCode from 'qrcode';
import type { DB } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import { financialYearLabel } from '../../../lib/financial-year';
import { membershipClassLabel } from '../../../lib/membership-classes';
import { memberStatus } from '../../../lib/member-status';
import type { MemberCard, MemberVerification } from '../../../lib/schemas/members';
import { memberCardVerifyPath } from '../../../lib/schemas/members';
import { memberInScope } from './record';
import type { FileStore } from '../../platform/storage';

/**
 * The digital membership card (PDF and on screen) and the public check its QR code points to. The
 * check says only the name, the class and whether the membership is current: nothing else of the
 * record is public.
 */

async function cardRow(db: DB, where: { id: number } | { memberNumber: string }) {
  let query = db
    .selectFrom('members')
    .innerJoin('chapters', 'chapters.id', 'members.chapter_id')
    .select([
      'members.id',
      'members.member_number',
      'members.title',
      'members.first_name',
      'members.last_name',
      'members.membership_class',
      'members.paid_through_year',
      'members.admitted_on',
      'chapters.name as chapter_name',
    ]);
  query =
    'id' in where
      ? query.where('members.id', '=', where.id)
      : query.where('members.member_number', '=', where.memberNumber);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const paidThroughYear = row.paid_through_year === null ? null : Number(row.paid_through_year);
  return { ...row, paidThroughYear };
}

type CardRow = NonNullable<Awaited<ReturnType<typeof cardRow>>>;

function isCurrent(row: CardRow, today: string): boolean {
  return (
    memberStatus(
      { classCode: row.membership_class, paidThroughYear: row.paidThroughYear, admittedOn: row.admitted_on },
      today,
    ) === 'active'
  );
}

function validThrough(row: CardRow): string {
  if (row.membership_class === 'life') return 'Life';
  if (row.paidThroughYear === null) return 'Not paid';
  return `31 March ${row.paidThroughYear + 1} (${financialYearLabel(row.paidThroughYear)})`;
}

/** The public check: name, class and whether current; undefined for an unknown number. */
export async function verifyMember(
  db: DB,
  memberNumber: string,
  today: string,
): Promise<MemberVerification | undefined> {
  const row = await cardRow(db, { memberNumber });
  if (!row) return undefined;
  return {
    memberNumber: row.member_number,
    name: `${row.first_name} ${row.last_name}`,
    classLabel: membershipClassLabel(row.membership_class),
    current: isCurrent(row, today),
  };
}

/** The photograph sent with the member's application, if any (the latest, should there be several). */
function photoDocument(db: DB, memberId: number) {
  return db
    .selectFrom('application_documents as d')
    .innerJoin('applications as a', 'a.id', 'd.application_id')
    .select(['d.storage_key', 'd.content_type'])
    .where('a.member_id', '=', memberId)
    .where('d.kind', '=', 'photo')
    .orderBy('d.id', 'desc')
    .executeTakeFirst();
}

/** The card of a member within the viewer's scope (404 outside it). */
export async function memberCard(
  db: DB,
  viewer: AuthUser,
  memberId: number,
  today: string,
  siteUrl: string,
): Promise<MemberCard | undefined> {
  if (!(await memberInScope(db, viewer, memberId))) return undefined;
  const row = await cardRow(db, { id: memberId });
  if (!row) return undefined;
  return {
    memberNumber: row.member_number,
    name: [row.title, row.first_name, row.last_name].filter(Boolean).join(' '),
    classLabel: membershipClassLabel(row.membership_class),
    chapter: row.chapter_name,
    validThrough: validThrough(row),
    current: isCurrent(row, today),
    verifyUrl: new URL(memberCardVerifyPath(row.member_number), siteUrl).toString(),
    hasPhoto: (await photoDocument(db, memberId)) !== undefined,
  };
}

function drawable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

/**
 * The member's photograph: the one sent with their application (joining keeps it re-encoded as JPEG),
 * or null for members admitted before the site (no application).
 */
export async function memberPhoto(
  db: DB,
  storage: FileStore,
  memberId: number,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const document = await photoDocument(db, memberId);
  if (!document) return null;
  const bytes = await storage.get(document.storage_key);
  return bytes ? { bytes, contentType: document.content_type } : null;
}

/** ID-1 card size (85.6 × 54 mm) in points. */
const CARD_WIDTH = 242.6;
const CARD_HEIGHT = 153;

export async function memberCardPdf(
  card: MemberCard,
  photo: { bytes: Uint8Array; contentType: string } | null = null,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`NIPM membership card ${card.memberNumber}`);
  const page = pdf.addPage([CARD_WIDTH, CARD_HEIGHT]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const navy = rgb(0.07, 0.2, 0.42);
  page.drawRectangle({ x: 0, y: CARD_HEIGHT - 30, width: CARD_WIDTH, height: 30, color: navy });
  page.drawText('National Institute of Personnel Management', {
    x: 10,
    y: CARD_HEIGHT - 14,
    size: 8,
    font: bold,
    color: rgb(1, 1, 1),
  });
  page.drawText('Membership card', { x: 10, y: CARD_HEIGHT - 25, size: 7, font: regular, color: rgb(1, 1, 1) });
  const lines: [string, string][] = [
    ['', card.name],
    ['Member number', card.memberNumber],
    ['Class', card.classLabel],
    ['Chapter', card.chapter],
    ['Valid through', card.validThrough],
  ];
  let y = CARD_HEIGHT - 46;
  for (const [label, value] of lines) {
    if (label) page.drawText(label, { x: 10, y, size: 5.5, font: regular, color: rgb(0.35, 0.35, 0.4) });
    page.drawText(drawable(label ? regular : bold, value).slice(0, 42), {
      x: 10,
      y: label ? y - 7 : y,
      size: label ? 7 : 10,
      font: label ? regular : bold,
    });
    y -= label ? 19 : 14;
  }
  const qr = await QRCode.toBuffer(card.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const image = await pdf.embedPng(qr);
  page.drawImage(image, { x: CARD_WIDTH - 78, y: 12, width: 68, height: 68 });
  page.drawText('Scan to check', { x: CARD_WIDTH - 72, y: 5, size: 5.5, font: regular });
  if (photo && (photo.contentType === 'image/jpeg' || photo.contentType === 'image/png')) {
    const picture =
      photo.contentType === 'image/jpeg' ? await pdf.embedJpg(photo.bytes) : await pdf.embedPng(photo.bytes);
    const height = 44;
    const width = Math.min(40, (picture.width / picture.height) * height);
    page.drawImage(picture, { x: CARD_WIDTH - 10 - width, y: CARD_HEIGHT - 30 - 6 - height, width, height });
  }
  return pdf.save();
}
