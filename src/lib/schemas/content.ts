import { z } from 'zod';
import { isoDate, MAX_RECORD_ID, pagingQuery, recordId, sortQuery } from './common';
import { multiLineText, singleLineText } from './text';

/**
 * Published content (issue 13): the bodies the content-admin forms send and the API checks, and the
 * shapes it answers. Client-safe: the forms validate with the same rules before sending.
 */

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const EVENT_TYPES = ['national', 'regional', 'chapter'] as const;
export const REGIONS = ['East', 'West', 'North', 'South'] as const;
export const REGISTRATION_KINDS = ['none', 'external', 'natcon'] as const;
export const PUBLICATION_SERIES = ['newsletter', 'personnel-today', 'research-compendium'] as const;

export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export type EventType = (typeof EVENT_TYPES)[number];
export type PublicationSeries = (typeof PUBLICATION_SERIES)[number];

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  national: 'National',
  regional: 'Regional',
  chapter: 'Chapter',
};

export const SERIES_LABELS: Record<PublicationSeries, string> = {
  newsletter: 'Newsletter',
  'personnel-today': 'Personnel Today',
  'research-compendium': 'Research Compendium',
};

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 20_000;
export const ABSTRACT_MAX = 5_000;
export const CAPTION_MAX = 300;

const title = singleLineText(z.string().trim().min(1, 'Enter a title.').max(TITLE_MAX));
const optionalText = (max: number) =>
  singleLineText(z.string().trim().max(max))
    .optional()
    .nullable()
    .transform((v) => v || null);
const webAddress = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s/@]+(\/\S*)?$/i.test(v), 'Use an http(s) address.')
  .optional()
  .nullable()
  .transform((v) => v || null);
/** A date and time with its offset (`2026-12-05T10:00:00+05:30`); the forms send Asia/Kolkata. */
const dateTime = z.string().datetime({ offset: true, message: 'Give a date and time.' });
const imageId = z.number().int().positive().max(MAX_RECORD_ID).nullable().optional();

/** The fields of an event; `EventBody` adds the rules between them. */
export const EventFields = z
  .object({
    title,
    type: z.enum(EVENT_TYPES),
    region: z.enum(REGIONS).nullable().optional(),
    chapterId: z.number().int().positive().max(MAX_RECORD_ID).nullable().optional(),
    startsAt: dateTime,
    endsAt: dateTime,
    venue: optionalText(300),
    onlineUrl: webAddress,
    description: multiLineText(z.string().trim().max(DESCRIPTION_MAX)),
    coverImageId: imageId,
    registration: z.enum(REGISTRATION_KINDS).default('none'),
    registrationUrl: webAddress,
    status: z.enum(CONTENT_STATUSES),
  })
  .strict();

export type EventInput = z.output<typeof EventFields>;

/** What must hold between an event's fields, by field: for a new event and for an edited one alike. */
export function eventRuleErrors(event: {
  type: EventType;
  region?: string | null;
  chapterId?: number | null;
  startsAt: string;
  endsAt: string;
  registration?: string;
  registrationUrl?: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (event.type === 'regional' && !event.region) errors.region = 'Choose the region.';
  if (event.type === 'chapter' && !event.chapterId) errors.chapterId = 'Choose the chapter.';
  if (Date.parse(event.endsAt) < Date.parse(event.startsAt)) errors.endsAt = 'The end must not be before the start.';
  if (event.registration === 'external' && !event.registrationUrl)
    errors.registrationUrl = 'Give the registration address.';
  return errors;
}

export const EventBody = EventFields.superRefine((event, ctx) => {
  for (const [path, message] of Object.entries(eventRuleErrors(event)))
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
});
export const EventPatch = EventFields.partial().strict();

export const AlbumFields = z
  .object({
    title,
    albumDate: isoDate,
    eventId: z.number().int().positive().max(MAX_RECORD_ID).nullable().optional(),
    coverImageId: imageId,
    description: multiLineText(z.string().trim().max(ABSTRACT_MAX)).optional(),
    status: z.enum(CONTENT_STATUSES),
  })
  .strict();
export const AlbumPatch = AlbumFields.partial().strict();
export type AlbumInput = z.output<typeof AlbumFields>;

export const PhotoPatch = z
  .object({ caption: singleLineText(z.string().trim().max(CAPTION_MAX, `At most ${CAPTION_MAX} characters.`)) })
  .strict();
export const PhotoOrder = z
  .object({
    photoIds: z
      .array(z.number().int().positive().max(MAX_RECORD_ID))
      .min(1, 'List the photos in their new order.')
      .max(2000),
  })
  .strict();

const issueNumber = z.number().int().min(1).max(9999).nullable().optional();
export const PublicationFields = z
  .object({
    series: z.enum(PUBLICATION_SERIES),
    title,
    volume: issueNumber,
    number: issueNumber,
    issueDate: isoDate,
    abstract: multiLineText(z.string().trim().max(ABSTRACT_MAX)).optional(),
    coverImageId: imageId,
    membersOnly: z.boolean().default(false),
    status: z.enum(CONTENT_STATUSES),
  })
  .strict();
export const PublicationPatch = PublicationFields.partial().strict();
export type PublicationInput = z.output<typeof PublicationFields>;

/** One encoded size of a picture, served at `url` (public, cached for a year: keys never change). */
export const ImageVariantSchema = z.object({
  url: z.string(),
  format: z.enum(['avif', 'webp', 'jpeg']),
  width: z.number().int(),
  height: z.number().int(),
});
export const ImageRefSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(ImageVariantSchema),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const AttachmentSchema = z.object({
  url: z.string(),
  filename: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const EventItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(EVENT_TYPES),
  region: z.enum(REGIONS).nullable(),
  chapterId: z.number().int().nullable(),
  chapterName: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  venue: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  description: z.string(),
  /** The description as sanitised HTML, exactly as the public page shows it. */
  descriptionHtml: z.string(),
  /** The description's first words as plain text. */
  summary: z.string(),
  cover: ImageRefSchema.nullable(),
  registration: z.enum(REGISTRATION_KINDS),
  registrationUrl: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
  status: z.enum(CONTENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventItem = z.infer<typeof EventItemSchema>;

export const PhotoSchema = z.object({
  id: z.number().int(),
  caption: z.string(),
  position: z.number().int(),
  image: ImageRefSchema,
});
export type Photo = z.infer<typeof PhotoSchema>;

export const AlbumItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  albumDate: z.string(),
  eventId: z.number().int().nullable(),
  eventTitle: z.string().nullable(),
  description: z.string(),
  cover: ImageRefSchema.nullable(),
  coverImageId: z.number().int().nullable(),
  photoCount: z.number().int(),
  status: z.enum(CONTENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlbumItem = z.infer<typeof AlbumItemSchema>;
export const AlbumDetailSchema = AlbumItemSchema.extend({ photos: z.array(PhotoSchema) });
export type AlbumDetail = z.infer<typeof AlbumDetailSchema>;

export const PublicationItemSchema = z.object({
  id: z.number().int(),
  series: z.enum(PUBLICATION_SERIES),
  title: z.string(),
  volume: z.number().int().nullable(),
  number: z.number().int().nullable(),
  issueDate: z.string(),
  abstract: z.string(),
  cover: ImageRefSchema.nullable(),
  membersOnly: z.boolean(),
  /** The download route, when a PDF is attached. */
  pdfUrl: z.string().nullable(),
  pdfSize: z.number().int().nullable(),
  status: z.enum(CONTENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicationItem = z.infer<typeof PublicationItemSchema>;

const MB = 1024 * 1024;
/** Upload limits per kind (checked on the server by content and size; the forms say them). */
export const UPLOAD_LIMITS = {
  image: { maxBytes: 10 * MB, label: 'picture' },
  pdf: { maxBytes: 20 * MB, label: 'PDF' },
  attachment: { maxBytes: 20 * MB, label: 'attachment' },
} as const;
/** Widths a picture is encoded at, each as WebP and JPEG (a width wider than the original is skipped). */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

export function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return `${mb >= 10 || Number.isInteger(mb) ? Math.round(mb) : mb.toFixed(1)} MB`;
}

// A NUL byte or other control character is refused here: PostgreSQL cannot compare text holding one (a 500 before).
const search = singleLineText(z.string().trim().max(100, 'Use at most 100 characters.')).optional();
const digits = recordId;

export const EVENT_SORT_FIELDS = ['startsAt', 'title', 'updatedAt'] as const;
/** The staff list of events: filters and order, shared by the list, its CSV and the screen's address. */
export const EventExportQuery = z
  .object({
    status: z.enum(CONTENT_STATUSES).optional(),
    type: z.enum(EVENT_TYPES).optional(),
    chapterId: digits('Use a chapter id.').optional(),
    q: search,
  })
  .merge(sortQuery(EVENT_SORT_FIELDS, '-startsAt'))
  .strict();
export const EventListQuery = pagingQuery().merge(EventExportQuery).strict();

export const ALBUM_SORT_FIELDS = ['albumDate', 'title', 'updatedAt'] as const;
export const AlbumExportQuery = z
  .object({ status: z.enum(CONTENT_STATUSES).optional(), q: search })
  .merge(sortQuery(ALBUM_SORT_FIELDS, '-albumDate'))
  .strict();
export const AlbumListQuery = pagingQuery().merge(AlbumExportQuery).strict();

export const PUBLICATION_SORT_FIELDS = ['issueDate', 'title', 'updatedAt'] as const;
export const PublicationExportQuery = z
  .object({ series: z.enum(PUBLICATION_SERIES).optional(), status: z.enum(CONTENT_STATUSES).optional(), q: search })
  .merge(sortQuery(PUBLICATION_SORT_FIELDS, '-issueDate'))
  .strict();
export const PublicationListQuery = pagingQuery().merge(PublicationExportQuery).strict();
