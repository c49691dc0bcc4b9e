import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pagingQuery, sortQuery } from './schemas/common';
import { exportParams, readListQuery, writeListQuery } from './list-query';

const schema = pagingQuery(100, 20)
  .merge(sortQuery(['createdAt', 'title'], '-createdAt'))
  .extend({ audience: z.enum(['all', 'chapter']).optional() })
  .strict();

describe('readListQuery', () => {
  it('reads page, size, order and filters from the address', () => {
    const state = readListQuery(schema, '?page=3&pageSize=50&sort=title&audience=chapter');
    expect(state.values).toEqual({
      page: 3,
      pageSize: 50,
      sort: { field: 'title', direction: 'asc' },
      audience: 'chapter',
    });
    expect(state.params).toEqual({ page: '3', pageSize: '50', sort: 'title', audience: 'chapter' });
  });

  it('gives the defaults for an empty address', () => {
    expect(readListQuery(schema, '')).toEqual({
      values: { page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'desc' } },
      params: {},
    });
  });

  it('ignores unknown parameters and drops refused ones, keeping the rest', () => {
    const state = readListQuery(schema, '?utm_source=mail&page=abc&sort=-title&audience=everyone');
    expect(state.values).toMatchObject({ page: 1, sort: { field: 'title', direction: 'desc' } });
    expect(state.params).toEqual({ sort: '-title' });
  });
});

describe('writeListQuery', () => {
  it('sets and removes parameters, going back to page 1 on any change but the page', () => {
    expect(writeListQuery('?page=4&audience=all', { audience: 'chapter' })).toBe('?audience=chapter');
    expect(writeListQuery('?audience=all', { page: 2 })).toBe('?audience=all&page=2');
    expect(writeListQuery('?audience=all&page=2', { audience: null })).toBe('');
    expect(writeListQuery('?page=2', { page: 1 })).toBe('');
  });
});

describe('exportParams', () => {
  it('keeps filters and order but not the paging', () => {
    expect(exportParams({ page: '2', pageSize: '50', sort: 'title', audience: 'all' })).toEqual({
      sort: 'title',
      audience: 'all',
    });
  });
});
