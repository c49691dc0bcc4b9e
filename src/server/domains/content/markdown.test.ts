import { describe, expect, it } from 'vitest';
import { plainSummary, renderMarkdown } from './markdown';

describe('event descriptions in Markdown', () => {
  it('renders headings, lists, emphasis and links', () => {
    const html = renderMarkdown('## Agenda\n\n- Keynote by **the President**\n- [Register](https://example.org/r)');
    expect(html).toContain('<h2>Agenda</h2>');
    expect(html).toContain('<strong>the President</strong>');
    expect(html).toContain('<a href="https://example.org/r" target="_blank" rel="noopener noreferrer">Register</a>');
  });

  it('leaves scripts, event handlers and javascript: links inert', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3))',
        '[data](data:text/html;base64,PHNjcmlwdD4=)',
        '<a href="javascript:alert(4)">raw</a>',
        '<iframe src="https://evil.example"></iframe>',
        '![x](javascript:alert(5))',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|data:text/i);
    expect(html).toContain('click');
  });

  it('keeps site paths and mailto links', () => {
    const html = renderMarkdown('[NATCON](/natcon/register) or [write](mailto:office@nipm.in)');
    expect(html).toContain('<a href="/natcon/register">NATCON</a>');
    expect(html).toContain('<a href="mailto:office@nipm.in">write</a>');
  });

  it('summarises as plain text within the limit', () => {
    expect(plainSummary('# Title\n\nSome *text* <b>x</b> & more', 100)).toBe('Title Some text x & more');
    expect(plainSummary('word '.repeat(100), 20).length).toBeLessThanOrEqual(20);
  });
});
