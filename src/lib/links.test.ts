import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkAttributes, safeLink } from './links';

const ORIGIN = 'https://nipm.example.org';

describe('safeLink: notice links that look internal stay on the site', () => {
  it.each(['/\\evil.example', '/\\\\evil.example/x', '/\t/evil.example', '/\n/evil.example'])(
    'refuses %j (the inputs of the issue)',
    (link) => {
      expect(safeLink(link)).toBeNull();
      expect(linkAttributes(link)).toBeNull();
    },
  );

  it.each([
    '//evil.example/x',
    '/\r/evil.example',
    '/\u0000x',
    '/events\u202e',
    '/ events',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@example.org',
    'https://nipm.in@evil.example/x',
    'https://user:pass@example.org/',
    'https://',
    'https:\\\\evil.example',
    'events',
    '',
  ])('refuses %j', (link) => {
    expect(safeLink(link)).toBeNull();
  });

  it('accepts a site path as written and opens it in the same tab', () => {
    expect(safeLink('/events?year=2026#top')).toEqual({ kind: 'site', href: '/events?year=2026#top' });
    expect(linkAttributes('/member/notifications')).toEqual({ href: '/member/notifications' });
  });

  it('accepts an http(s) address and opens it in a new tab without opener or referrer', () => {
    expect(safeLink('https://www.example.org/report')).toEqual({
      kind: 'external',
      href: 'https://www.example.org/report',
    });
    expect(linkAttributes('http://example.org')).toEqual({
      href: 'http://example.org/',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('never calls a link that leaves the site a site path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (tail) => {
        const link = `/${tail}`;
        const verdict = safeLink(link);
        if (verdict?.kind === 'site') expect(new URL(verdict.href, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 5000 },
    );
  });
});
