import type { ColumnType, Generated } from 'kysely';

/** The tables of published content (issue 13): events, albums, photos, publications and their files. */

export type ContentStatus = 'draft' | 'published';
export type EventType = 'national' | 'regional' | 'chapter';
export type PublicationSeries = 'newsletter' | 'personnel-today' | 'research-compendium';

/** Every stored upload of the content area, keyed by its random storage key. */
export interface ContentFilesTable {
  storage_key: string;
  /** The type read from the bytes (or written by sharp), never the uploader's claim. */
  mime: string;
  size: number;
  /** The name it is downloaded under. */
  filename: string;
  /** 1: served to anyone with the key (pictures, attachments); 0: only by its own route (PDFs). */
  open: number;
  created_by: number | null;
  created_at: string;
}

/** A picture re-encoded into responsive sizes; `variants` is JSON: `[{ key, format, width, height }]`. */
export interface ContentImagesTable {
  id: Generated<number>;
  width: number;
  height: number;
  variants: string;
  created_by: number | null;
  created_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  title: string;
  type: EventType;
  /** Set for regional events. */
  region: 'East' | 'West' | 'North' | 'South' | null;
  /** Set for chapter events. */
  chapter_id: number | null;
  starts_at: string;
  ends_at: string;
  venue: string | null;
  online_url: string | null;
  /** Markdown, rendered and sanitised on the server. */
  description: string;
  /** The description rendered and sanitised when saved (`describedAs`). */
  description_html: string;
  /** Its first words as plain text, for cards and search engines. */
  summary: string;
  cover_image_id: number | null;
  registration: ColumnType<'none' | 'external' | 'natcon', ('none' | 'external' | 'natcon') | undefined>;
  registration_url: string | null;
  /** JSON: `[{ key, filename, size, mime }]`. */
  attachments: ColumnType<string, string | undefined, string>;
  status: ContentStatus;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AlbumsTable {
  id: Generated<number>;
  title: string;
  album_date: string;
  event_id: number | null;
  cover_image_id: number | null;
  description: ColumnType<string, string | undefined, string>;
  status: ContentStatus;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AlbumPhotosTable {
  id: Generated<number>;
  album_id: number;
  image_id: number;
  caption: ColumnType<string, string | undefined, string>;
  position: number;
  created_at: string;
}

export interface PublicationsTable {
  id: Generated<number>;
  series: PublicationSeries;
  title: string;
  volume: number | null;
  number: number | null;
  issue_date: string;
  abstract: ColumnType<string, string | undefined, string>;
  cover_image_id: number | null;
  pdf_key: string | null;
  members_only: ColumnType<number, number | undefined, number>;
  status: ContentStatus;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
