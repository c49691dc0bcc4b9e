import { describe, expect, it } from 'vitest';
import { isAnchorHref } from './menu';

describe('isAnchorHref', () => {
  it('treats only links beginning with # as in-page anchors', () => {
    expect(isAnchorHref('#what-we-do')).toBe(true);
    expect(isAnchorHref('/about')).toBe(false);
    expect(isAnchorHref('/about#vision')).toBe(false);
  });
});
