import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptsOf, scriptHash } from './script-hashes.mjs';

describe('inline scripts of a page', () => {
  it('lists the scripts a browser runs, not external scripts or data blocks', () => {
    const html = [
      '<script>console.log(1)</script>',
      '<script type="module">import("/x.js")</script>',
      '<script type="module" src="/_astro/a.js"></script>',
      '<script type="application/ld+json">{"@type":"Event"}</script>',
      '<SCRIPT data-x="1">\nlet a = 2;\n</SCRIPT>',
    ].join('');
    expect(inlineScriptsOf(html)).toEqual(['console.log(1)', 'import("/x.js")', '\nlet a = 2;\n']);
  });

  it('hashes a script as the browser does: SHA-256 of its exact text, base64', () => {
    const expected = createHash('sha256').update('alert(1)').digest('base64');
    expect(scriptHash('alert(1)')).toBe(`'sha256-${expected}'`);
  });
});
