import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSchema, paginationQuery } from './pagination';

describe('paginationQuery', () => {
  it('reads query-string text and numbers alike, with defaults', () => {
    expect(paginationQuery.parse({ page: '2', page_size: 25 })).toEqual({ page: 2, page_size: 25 });
    expect(paginationQuery.parse({})).toEqual({ page: 1, page_size: 50 });
  });

  it('refuses pages below 1 and sizes above 1000', () => {
    expect(paginationQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('Must be at least 1');
    expect(paginationQuery.safeParse({ page_size: 1001 }).error?.issues[0]?.message).toBe('Must be at most 1000');
  });

  it('shows as integers in JSON Schema, so OpenAPI stays exact', () => {
    const schema = z.toJSONSchema(paginationQuery, { io: 'input' }) as { properties: Record<string, { type: string }> };
    expect(schema.properties.page?.type).toBe('integer');
    expect(schema.properties.page_size?.type).toBe('integer');
  });
});

describe('pageSchema', () => {
  it('is the DRF page of its items', () => {
    const page = pageSchema(z.object({ id: z.string() }));
    expect(page.parse({ count: 1, next: null, previous: null, results: [{ id: 'a' }] })).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: 'a' }],
    });
    expect(page.safeParse({ count: 1, next: null, previous: null, results: [{}] }).success).toBe(false);
  });
});
