import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paginationQuery } from '@paydesk/domain/api/pagination';
import { pageBounds, toPage } from './pagination';

const request = (url: string) => ({ url }) as FastifyRequest;

describe('pagination', () => {
  it('defaults to page 1 of 50 and bounds page_size to 1000', () => {
    expect(paginationQuery.parse({})).toEqual({ page: 1, page_size: 50 });
    expect(paginationQuery.parse({ page: '3', page_size: '1000' })).toEqual({ page: 3, page_size: 1000 });
    expect(paginationQuery.safeParse({ page_size: '1001' }).error?.issues[0]?.message).toBe('Must be at most 1000');
    expect(paginationQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('Must be at least 1');
  });

  it('turns a page into limit and offset', () => {
    expect(pageBounds({ page: 3, page_size: 25 })).toEqual({ limit: 25, offset: 50 });
  });

  it('links next and previous pages keeping the other query parameters', () => {
    const page = toPage(request('/api/merchants/?search=motors&page=2&page_size=2'), { page: 2, page_size: 2 }, 5, [
      'c',
      'd',
    ]);
    expect(page).toEqual({
      count: 5,
      next: '/api/merchants/?search=motors&page=3&page_size=2',
      previous: '/api/merchants/?search=motors&page=1&page_size=2',
      results: ['c', 'd'],
    });
  });

  it('has no next on the last page and no previous on the first', () => {
    expect(toPage(request('/api/x/'), { page: 1, page_size: 50 }, 3, [1, 2, 3])).toMatchObject({
      next: null,
      previous: null,
    });
  });
});
