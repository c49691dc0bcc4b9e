/**
 * Types of the API's answers for screens: type-only, so an island that names them carries no zod.
 * The schemas they come from are in `src/lib/schemas/`.
 */
export type {
  ChapterFields,
  ChapterListItem,
  ChapterRecord,
  ChapterRef,
  DirectoryChapter,
  Me,
  MemberRecord,
} from './schemas/accounts';
