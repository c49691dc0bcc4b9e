import { describe, expect, it } from 'vitest';
import { formatEventWhen, formatIssueNumber, pictureSources } from './content-format';

describe('writing published content', () => {
  it('writes event times in Asia/Kolkata', () => {
    expect(formatEventWhen('2027-02-05T04:00:00.000Z', '2027-02-05T12:30:00.000Z')).toBe(
      '5 February 2027, 9:30 am – 6:00 pm',
    );
    expect(formatEventWhen('2027-02-05T20:00:00.000Z', '2027-02-06T12:30:00.000Z')).toBe(
      '6 February 2027, 1:30 am – 6:00 pm',
    );
    expect(formatEventWhen('2027-02-05T04:00:00.000Z', '2027-02-06T12:30:00.000Z')).toBe(
      '5 February 2027, 9:30 am – 6 February 2027, 6:00 pm',
    );
  });

  it('numbers issues and builds picture sources', () => {
    expect(formatIssueNumber(12, 3)).toBe('Vol. 12, No. 3');
    expect(formatIssueNumber(null, null)).toBe('');
    const image = {
      id: 1,
      width: 1600,
      height: 900,
      variants: [
        { url: '/a', format: 'jpeg' as const, width: 1600, height: 900 },
        { url: '/b', format: 'jpeg' as const, width: 400, height: 225 },
        { url: '/c', format: 'webp' as const, width: 400, height: 225 },
        { url: '/d', format: 'jpeg' as const, width: 800, height: 450 },
        { url: '/e', format: 'avif' as const, width: 800, height: 450 },
        { url: '/f', format: 'avif' as const, width: 400, height: 225 },
      ],
    };
    expect(pictureSources(image)).toMatchObject({
      avif: '/f 400w, /e 800w',
      webp: '/c 400w',
      jpeg: '/b 400w, /d 800w, /a 1600w',
      src: '/d',
    });
  });
});
