import type { MembershipClassCode } from './membership-classes';

/**
 * What the joining pages tell a visitor about the classes and the admission path (docs/architecture.md,
 * "Domain rules", from the chapters' published membership pages).
 */
export const CLASS_ELIGIBILITY: Record<MembershipClassCode, string> = {
  associate:
    'Graduates working in personnel management, HR or industrial relations, or holding a postgraduate qualification in it. Proposed and seconded by two Corporate or Life members.',
  corporate:
    'Senior professionals with a recognised qualification and several years of experience in HR or personnel management. Proposed and seconded by two Corporate or Life members.',
  life: 'Corporate members and senior professionals who pay once for life membership. Proposed and seconded by two Corporate or Life members.',
  institutional:
    'Companies, public bodies and institutions that take part in the institute’s work through their representatives.',
  student:
    'Students enrolled in a course in HR, personnel management or a related field, with a valid student ID card.',
};

export const ADMISSION_STEPS: { title: string; text: string }[] = [
  {
    title: 'Apply online',
    text: 'Fill in the form on your phone or computer, upload your photograph and certificate, and see your fee.',
  },
  {
    title: 'Pay the fee',
    text: 'By UPI, bank transfer or demand draft; report the payment on your application’s page.',
  },
  {
    title: 'Verification and scrutiny',
    text: 'The national secretariat verifies the payment; your chapter and the secretariat scrutinise the application.',
  },
  {
    title: 'Admission',
    text: 'The Membership Admission Committee considers it and the National Council approves it. You receive your member number and a link to sign in.',
  },
];

export const FEE_RULE_TEXT =
  'The entrance fee is paid in full. The annual subscription is charged in full for admission from April to September and half (rounded up to the rupee) from October to March. Life membership is a one-time fee. Amounts are for the financial year (April to March).';
