import { describe, expect, it } from 'vitest';
import { inBatches } from './export-rows';

describe('inBatches', () => {
  it('walks a paged source to its end, telling each load the last row and the offset', async () => {
    const ids = Array.from({ length: 23 }, (_, i) => i + 1);
    const calls: { last: number | undefined; offset: number }[] = [];
    const rows: number[] = [];
    const batches = inBatches<number>(async ({ last, offset, size }) => {
      calls.push({ last, offset });
      return ids.filter((n) => n > (last ?? 0)).slice(0, size);
    }, 10);
    for await (const id of batches) rows.push(id);
    expect(rows).toEqual(ids);
    expect(calls).toEqual([
      { last: undefined, offset: 0 },
      { last: 10, offset: 10 },
      { last: 20, offset: 20 },
    ]);
  });

  it('asks once more after a full last batch, and stops at an empty one', async () => {
    let loads = 0;
    const batches = inBatches<number>(async ({ offset }) => {
      loads++;
      return offset < 4 ? [offset + 1, offset + 2] : [];
    }, 2);
    const rows: number[] = [];
    for await (const n of batches) rows.push(n);
    expect(rows).toEqual([1, 2, 3, 4]);
    expect(loads).toBe(3);
  });
});
