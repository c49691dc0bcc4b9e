/**
 * Types of the API's answers for screens: type-only, so an island that names them carries no zod.
 * The schemas they come from are in `src/lib/schemas/`.
 */
export type { ChapterListItem, ChapterRecord, ChapterRef, Me, MemberRecord } from './schemas/accounts';
