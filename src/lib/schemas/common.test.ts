import { describe, expect, it } from 'vitest';
import { pagingQuery, parseSort, sortParam, sortQuery } from './common';

describe('sortQuery', () => {
  const schema = pagingQuery()
    .merge(sortQuery(['name', 'createdAt'], '-createdAt'))
    .strict();

  it('reads `name` as ascending and `-name` as descending', () => {
    expect(schema.parse({ sort: 'name' }).sort).toEqual({ field: 'name', direction: 'asc' });
    expect(schema.parse({ sort: '-name' }).sort).toEqual({ field: 'name', direction: 'desc' });
  });

  it('falls back to the given order, or the first field ascending', () => {
    expect(schema.parse({}).sort).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(sortQuery(['name', 'createdAt']).parse({}).sort).toEqual({ field: 'name', direction: 'asc' });
  });

  it('refuses a field outside the list with the choices in the message', () => {
    for (const sort of ['email', '--name', 'name ', '+name', '']) {
      const result = schema.safeParse({ sort });
      expect(result.success, sort).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['sort'],
        message: 'Sort by one of: name, -name, createdAt, -createdAt.',
      });
    }
  });

  it('writes back what it reads', () => {
    for (const value of ['name', '-createdAt']) expect(sortParam(parseSort(value))).toBe(value);
  });
});
