import { z } from 'zod';

/**
 * Privacy (issue 26) as forms, the API and the /privacy page share it (client-safe): the version
 * of the notice in force, consent purposes, request kinds, and the institute's privacy settings.
 */

/**
 * The newest notice in src/content/privacy/ (`v<N>.md`). Consents record it; a unit test fails the
 * build when a newer notice file is added without raising it.
 */
export const CURRENT_NOTICE_VERSION = 1;

/**
 * Purposes a person consents to. The needed ones are stated with the form and recorded when it is
 * sent; the optional ones are asked with a box of their own, never ticked beforehand.
 */
export const REQUIRED_PURPOSES = ['membership', 'natcon_registration', 'award_nomination'] as const;
export const OPTIONAL_PURPOSES = ['newsletter'] as const;
export const CONSENT_PURPOSES = [...REQUIRED_PURPOSES, ...OPTIONAL_PURPOSES] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number];

export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  membership: 'Your membership record, payments and invoices (needed to be a member)',
  natcon_registration: 'Your NATCON registration and ticket (needed to attend)',
  award_nomination: 'Judging the award nomination you sent (needed for the nomination)',
  newsletter: 'The newsletter and other e-mails that are not about your membership (optional)',
};

/** What the portal asks before an optional consent is given: the words of the joining form's box. */
export const OPTIONAL_CONSENT_OFFERS: Record<OptionalPurpose, string> = {
  newsletter:
    'Send me the NIPM newsletter and other e-mails that are not about my membership. You can stop them at any time, here or with the link at the foot of each one.',
};

export function isOptionalPurpose(purpose: string): purpose is OptionalPurpose {
  return (OPTIONAL_PURPOSES as readonly string[]).includes(purpose);
}

export const REQUEST_KINDS = ['correction', 'erasure', 'grievance', 'nominee_claim'] as const;
export type PrivacyRequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  correction: 'Correction',
  erasure: 'Erasure',
  grievance: 'Grievance',
  nominee_claim: 'Nominee claim',
};

export const REQUEST_STATES = ['open', 'approved', 'rejected', 'answered', 'done'] as const;
export type PrivacyRequestState = (typeof REQUEST_STATES)[number];

/** The person the institute names to answer questions and grievances (DPDP Rules, rule 9). */
export const GrievanceOfficerSchema = z
  .object({
    name: z.string().trim().min(2, 'Give the officer’s name.').max(120),
    designation: z.string().trim().max(120).default('Grievance Officer'),
    email: z.string().trim().toLowerCase().email('Give an e-mail address.').max(200),
    phone: z.string().trim().max(40).nullable().default(null),
    address: z.string().trim().max(400).nullable().default(null),
  })
  .strict();
export type GrievanceOfficer = z.infer<typeof GrievanceOfficerSchema>;

/** Retention periods; logs may not be kept for less than a year (DPDP Rules, rule 8(3)). */
export const RetentionSchema = z
  .object({
    /** Applications rejected or withdrawn longer ago than this are erased. */
    closedApplicationDays: z.number().int().min(30, 'At least 30 days.').max(3650),
    /** NATCON registrations and nominations of editions held more than this many years ago are erased. */
    natconEditionYears: z.number().int().min(1, 'At least 1 year.').max(20),
    /** Lapsed members who have not signed in for this many years get the 48-hour notice, then erasure. */
    lapsedMemberInactiveYears: z.number().int().min(1, 'At least 1 year.').max(20),
    /**
     * At most this many 48-hour notices go out in any 24 hours. The first run after an old register is
     * imported would otherwise mail, and two days later erase, every long-lapsed member at once: the
     * office could not answer the replies, and a mail provider would take the burst for spam.
     */
    lapsedNoticesPerDay: z.number().int().min(1, 'At least 1 a day.').max(10_000, 'At most 10000 a day.'),
    /** Sign-in and processing logs are purged after this many days. */
    logDays: z.number().int().min(365, 'Logs must be kept at least one year (365 days).').max(3650),
  })
  .strict();
export type Retention = z.infer<typeof RetentionSchema>;

export const PrivacySettingsSchema = z
  .object({
    /** null until the institute names its officer: the notice then says so. */
    officer: GrievanceOfficerSchema.nullable(),
    retention: RetentionSchema,
  })
  .strict();
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;
export const PrivacySettingsPatchSchema = PrivacySettingsSchema.partial();
export type PrivacySettingsPatch = z.infer<typeof PrivacySettingsPatchSchema>;

/**
 * What applies until the super admin saves other values. The 180 days is the default; the
 * other periods are proposals the institute must confirm (docs/privacy.md lists them).
 */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  officer: null,
  retention: {
    closedApplicationDays: 180,
    natconEditionYears: 3,
    lapsedMemberInactiveYears: 3,
    lapsedNoticesPerDay: 100,
    logDays: 365,
  },
};

/** What a person sends to ask for a correction, an erasure or to raise a grievance. */
export const PrivacyRequestBody = z
  .object({
    kind: z.enum(['correction', 'erasure', 'grievance'], {
      errorMap: () => ({ message: 'Choose correction, erasure or grievance.' }),
    }),
    details: z.string().trim().min(5, 'Say in a few words what you ask for.').max(4000, 'At most 4000 characters.'),
  })
  .strict();
export type PrivacyRequestBody = z.infer<typeof PrivacyRequestBody>;

export const NomineeBody = z
  .object({
    name: z.string().trim().min(2, 'Give the person’s name.').max(120),
    relation: z.string().trim().min(2, 'Say how they are related to you.').max(60),
    email: z.string().trim().toLowerCase().email('Give their e-mail address.').max(200),
    phone: z.string().trim().max(40).nullable().default(null),
  })
  .strict();
export type NomineeBody = z.infer<typeof NomineeBody>;

export const DeskNoteBody = z.object({ note: z.string().trim().max(4000).default('') }).strict();
export const DeskAnswerBody = z
  .object({ message: z.string().trim().min(5, 'Write the answer the person will read.').max(4000) })
  .strict();

export const DeadlineSchema = z.object({
  dueAt: z.string(),
  overdue: z.boolean(),
  daysLeft: z.number().int(),
  hoursLeft: z.number().int(),
});

export const PrivacyRequestViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REQUEST_KINDS),
  state: z.enum(REQUEST_STATES),
  email: z.string(),
  details: z.string(),
  receivedAt: z.string(),
  deadline: DeadlineSchema,
  closedAt: z.string().nullable(),
  answer: z.string().nullable(),
  history: z.array(z.object({ at: z.string(), action: z.string(), note: z.string().nullable() })),
});

export const ConsentViewSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  optional: z.boolean(),
  noticeVersion: z.number().int(),
  givenAt: z.string(),
  ip: z.string().nullable(),
  method: z.string(),
  withdrawnAt: z.string().nullable(),
});

export const OwnPrivacySchema = z.object({
  noticeVersion: z.number().int(),
  consents: z.array(ConsentViewSchema),
  requests: z.array(PrivacyRequestViewSchema),
  nominee: NomineeBody.extend({ updatedAt: z.string() }).nullable(),
});
export type OwnPrivacy = z.infer<typeof OwnPrivacySchema>;

export const ExportStateSchema = z.object({
  state: z.enum(['none', 'pending', 'ready', 'failed']),
  url: z.string().optional(),
});
