import { describe, expect, it } from 'vitest';
import {
  EXPORT_SOURCES,
  EXPORTED_BUT_KEPT,
  TABLES_KEPT_BY_LAW,
  TABLES_WITHOUT_PERSONAL_DATA,
  isAccountedFor,
  subjectIdsFor,
} from './export-manifest';

describe('export manifest', () => {
  it('names each table once, and each ZIP file once', () => {
    const tables = EXPORT_SOURCES.map((s) => s.table);
    const files = EXPORT_SOURCES.map((s) => s.file);
    expect(new Set(tables).size).toBe(tables.length);
    expect(new Set(files).size).toBe(files.length);
  });

  it('never calls a table both personal and free of personal data', () => {
    for (const source of EXPORT_SOURCES) expect(TABLES_WITHOUT_PERSONAL_DATA).not.toHaveProperty(source.table);
  });

  it('leaves out passwords and status-link hashes, but never the person’s files', () => {
    const users = EXPORT_SOURCES.find((s) => s.table === 'users')!;
    expect(users.omit).toContain('password_hash');
    for (const table of ['applications', 'natcon_orders'])
      expect(EXPORT_SOURCES.find((s) => s.table === table)!.omit).toContain('status_token_hash');
    for (const source of EXPORT_SOURCES)
      for (const file of source.files ?? []) expect(source.omit ?? []).not.toContain(file);
  });

  it('ties payments to the person through each purpose’s subject', () => {
    const keys = { memberIds: [7], userIds: [3], emails: ['a@example.org'], applicationIds: [11], orderIds: [21] };
    expect(subjectIdsFor(keys)).toEqual({ membership_application: [11], membership_renewal: [7], natcon_order: [21] });
  });

  it('accounts for the FTS shadow tables of the application search', () => {
    expect(isAccountedFor('applications_search_data')).toBe(true);
    expect(isAccountedFor('some_new_table')).toBe(false);
  });
});

describe('records kept by law', () => {
  it('exports every accounting table that erasure keeps, and lists no table twice', () => {
    for (const table of EXPORTED_BUT_KEPT) expect(EXPORT_SOURCES.map((s) => s.table)).toContain(table);
    for (const table of Object.keys(TABLES_KEPT_BY_LAW)) {
      expect(TABLES_WITHOUT_PERSONAL_DATA).not.toHaveProperty(table);
      expect(EXPORT_SOURCES.map((s) => s.table)).not.toContain(table);
    }
  });
});
