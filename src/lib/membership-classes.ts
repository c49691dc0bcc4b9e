/**
 * The institute's membership classes. The code is what the database, the API and URLs carry;
 * the label is what people read.
 */
export const MEMBERSHIP_CLASS_CODES = ['associate', 'corporate', 'life', 'institutional', 'student'] as const;
export type MembershipClassCode = (typeof MEMBERSHIP_CLASS_CODES)[number];

export const MEMBERSHIP_CLASS_LABELS: Record<MembershipClassCode, string> = {
  associate: 'Associate',
  corporate: 'Corporate',
  life: 'Life',
  institutional: 'Institutional',
  student: 'Student',
};

export function isMembershipClassCode(value: string): value is MembershipClassCode {
  return (MEMBERSHIP_CLASS_CODES as readonly string[]).includes(value);
}

/** The label of a stored class code; an unknown code is shown as it is rather than hidden. */
export function membershipClassLabel(code: string): string {
  return isMembershipClassCode(code) ? MEMBERSHIP_CLASS_LABELS[code] : code;
}
