import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONSENT_PURPOSES,
  CURRENT_NOTICE_VERSION,
  DEFAULT_PRIVACY_SETTINGS,
  OPTIONAL_PURPOSES,
  PrivacySettingsSchema,
  RetentionSchema,
  isOptionalPurpose,
} from './privacy';

const noticeDir = path.join(process.cwd(), 'src/content/privacy');

/** `version:` from each notice file's front matter (the build checks the rest against the schema). */
function noticeVersions(): { file: string; version: number }[] {
  return readdirSync(noticeDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const match = /^---\n[\s\S]*?^version:\s*(\d+)\s*$/m.exec(readFileSync(path.join(noticeDir, file), 'utf8'));
      return { file, version: Number(match?.[1]) };
    });
}

describe('privacy notice versions', () => {
  it('are numbered as their files are named, with no gaps', () => {
    const versions = noticeVersions().sort((a, b) => a.version - b.version);
    expect(versions.map((v) => v.file)).toEqual(versions.map((v) => `v${v.version}.md`));
    expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
  });

  it('the version consents record is the newest notice file', () => {
    expect(CURRENT_NOTICE_VERSION).toBe(Math.max(...noticeVersions().map((v) => v.version)));
  });
});

describe('consent purposes', () => {
  it('keep the newsletter optional and membership needed', () => {
    expect(isOptionalPurpose('newsletter')).toBe(true);
    expect(isOptionalPurpose('membership')).toBe(false);
    expect(CONSENT_PURPOSES).toEqual(expect.arrayContaining([...OPTIONAL_PURPOSES, 'membership']));
  });
});

describe('privacy settings', () => {
  it('accept the defaults', () => {
    expect(PrivacySettingsSchema.parse(DEFAULT_PRIVACY_SETTINGS)).toEqual(DEFAULT_PRIVACY_SETTINGS);
  });

  it('refuse logs kept for less than a year', () => {
    const result = RetentionSchema.safeParse({ ...DEFAULT_PRIVACY_SETTINGS.retention, logDays: 200 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Logs must be kept at least one year (365 days).');
  });
});
